import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  addDays,
  isCalendarDate,
  leaveBody,
  leaveCreditCents,
  leaveDaysOf,
  leaveReasonMaxLength,
  maxLeaveDays,
  z,
  type LeaveBody,
  type LeaveRules,
} from '@hostelhub/contracts';
import { FormActions } from '@/components/form-actions';
import { FormField } from '@/components/form-field';
import { isSessionEndingError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { showSuccess } from '@/lib/dialogs';
import { formatCents } from '@/lib/format';
import { formatDayShort } from '@/lib/serving-format';
import { useApplyForLeave } from '../api/leave';
import { daysText, rulesGiveCredit } from '../lib/leave-words';

/** The form holds text; once both days are given, the contract's own schema checks them. */
const leaveForm = z
  .object({
    from: z.string().min(1, 'Choose the first day of your leave'),
    to: z.string().min(1, 'Choose the last day of your leave'),
    reason: z.string(),
  })
  .transform((values): LeaveBody => values)
  .pipe(leaveBody);
type LeaveFormValues = z.input<typeof leaveForm>;
type LeaveFormOutput = z.output<typeof leaveForm>;

const emptyLeave: LeaveFormValues = { from: '', to: '', reason: '' };

/** A refusal naming its field ("to: a leave is at least 3 days...") goes under that field. */
const fieldOfRefusal = (message: string) => {
  const match = /^(from|to|reason): (.+)$/s.exec(message);
  return match ? { field: match[1] as 'from' | 'to' | 'reason', message: match[2]! } : null;
};

/** The days a leave from `from` to `to` covers and the credit it would earn, once both are read. */
function LeavePreview({
  rules,
  from,
  to,
  planMonthlyCents,
}: {
  rules: LeaveRules;
  from: string;
  to: string;
  planMonthlyCents: number | null;
}) {
  const readable = isCalendarDate(from) && isCalendarDate(to) && to >= from && leaveDaysOf(from, to) <= maxLeaveDays;
  let text = '';
  if (readable) {
    const days = daysText(leaveDaysOf(from, to));
    // A share of the plan's price needs the price; without it, the days alone.
    const counted =
      rules.creditPerDayCents !== null || (rules.creditSharePercent !== null && planMonthlyCents !== null);
    if (rulesGiveCredit(rules) && counted) {
      const credit = leaveCreditCents(rules, from, to, planMonthlyCents);
      text =
        credit > 0
          ? `${days} of leave, earning ${formatCents(credit)} off your next invoice once approved.`
          : `${days} of leave, earning no credit under the rules.`;
    } else {
      text = `${days} of leave.`;
    }
  }
  // Always present (a polite live region), so the days are read out as the dates change.
  return (
    <p aria-live="polite" className="text-sm font-medium text-stone-800" data-testid="leave-preview">
      {text}
    </p>
  );
}

/**
 * My Leave's form: the first and last day (whole days on the hostel's calendar) and an
 * optional reason, with the days it covers and the credit it would earn. The API checks the
 * rules; a refusal is shown as it says, under the field it names.
 */
export function ApplyLeaveForm({
  rules,
  today,
  planMonthlyCents,
}: {
  rules: LeaveRules;
  today: string;
  planMonthlyCents: number | null;
}) {
  const apply = useApplyForLeave();
  const { refreshProfile } = useSession();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LeaveFormValues, unknown, LeaveFormOutput>({
    defaultValues: emptyLeave,
    resolver: zodResolver(leaveForm),
  });
  const [from, to] = useWatch({ control, name: ['from', 'to'] });
  const earliest = addDays(today, rules.noticeDays);

  const onSubmit = async (values: LeaveFormOutput) => {
    try {
      const applied = await apply.mutateAsync(values);
      reset(emptyLeave);
      const credit =
        applied.creditCents > 0 ? ` It earns ${formatCents(applied.creditCents)} off your next invoice.` : '';
      if (applied.status === 'approved') {
        await refreshProfile();
        void showSuccess('Leave approved', `${daysText(applied.days)} of leave.${credit}`, 2500);
      } else {
        const once = applied.creditCents > 0 ? ` Once approved, it earns ${formatCents(applied.creditCents)}.` : '';
        void showSuccess('Leave applied for', `${daysText(applied.days)}, waiting for an admin.${once}`, 2500);
      }
    } catch (error) {
      if (isSessionEndingError(error)) return;
      const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
      const refusal = fieldOfRefusal(message);
      if (refusal) setError(refusal.field, { type: 'server', message: refusal.message }, { shouldFocus: true });
      else setError('root.server', { type: 'server', message });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        clearErrors('root.server');
        void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label="Apply for leave"
      className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 className="text-lg font-semibold text-stone-900">Apply for leave</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="First day"
          error={errors.from?.message}
          hint={`The earliest now: ${formatDayShort(earliest)}`}
        >
          {(field) => <input {...field} type="date" min={earliest} className="input" {...register('from')} />}
        </FormField>
        <FormField label="Last day" error={errors.to?.message}>
          {(field) => <input {...field} type="date" min={from || earliest} className="input" {...register('to')} />}
        </FormField>
      </div>
      <FormField label="Reason (optional)" error={errors.reason?.message}>
        {(field) => (
          <textarea {...field} rows={2} maxLength={leaveReasonMaxLength} className="input" {...register('reason')} />
        )}
      </FormField>
      <LeavePreview rules={rules} from={from} to={to} planMonthlyCents={planMonthlyCents} />
      {errors.root?.server && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          Not applied: {errors.root.server.message}
        </p>
      )}
      <FormActions busy={isSubmitting} label="Apply for leave" busyLabel="Applying…" />
    </form>
  );
}
