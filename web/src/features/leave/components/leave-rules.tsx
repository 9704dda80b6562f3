import { useId } from 'react';
import { leaveRulesSummary, shiftMonth, type LeaveRules } from '@hostelhub/contracts';
import { formatCents } from '@/lib/format';
import { formatMonth } from '@/lib/format-month';
import { daysText } from '../lib/leave-words';

/** The hostel's leave rules in words (the contract's summary, as the settings say them too). */
export function LeaveRulesList({ rules }: { rules: LeaveRules }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800">
      {leaveRulesSummary(rules, formatCents).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * My Leave's rules: what the hostel allows, and the days of leave the member has left this
 * month and next under its monthly limit.
 */
export function LeaveRulesCard({
  rules,
  daysLeft,
  today,
}: {
  rules: LeaveRules;
  daysLeft: Record<string, number | null>;
  today: string;
}) {
  const headingId = useId();
  const months = Object.keys(daysLeft).sort();
  const thisMonth = today.slice(0, 7);
  const nextMonth = shiftMonth(thisMonth, 1);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        The hostel’s rules
      </h2>
      <div className="mt-2">
        <LeaveRulesList rules={rules} />
      </div>
      {months.length > 0 && (
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2" aria-label="Days of leave left">
          {months.map((month) => {
            const left = daysLeft[month] ?? null;
            const which = month === thisMonth ? 'This month' : month === nextMonth ? 'Next month' : null;
            return (
              <div key={month} className="rounded-lg bg-stone-50 px-3 py-2">
                <dt className="text-stone-600">{which ? `${which} (${formatMonth(month)})` : formatMonth(month)}</dt>
                <dd className="font-semibold text-stone-900">
                  {left === null ? 'No limit' : `${daysText(left)} left`}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
