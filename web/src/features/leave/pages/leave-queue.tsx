import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { defaultHostelTimeZone, leaveStatuses } from '@hostelhub/contracts';
import { ChoiceOptions } from '@/components/choice-options';
import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import { useNow } from '@/hooks/use-now';
import { formatMonth } from '@/lib/format-month';
import { useHostelTimeZone } from '@/lib/menu-query';
import { rowsOf } from '@/lib/paged-list';
import { hostelToday } from '@/lib/serving-format';
import { useLeaveQueue } from '../api/leave';
import { DecideLeave } from '../components/decide-leave';
import { LeaveReasons } from '../components/leave-reasons';
import { LeaveStatusPill } from '../components/leave-status';
import { creditText, leaveDates, leaveStatusLabels } from '../lib/leave-words';
import { anyStatus, monthChoices, queryOf, queueFiltersFrom, searchFor, type StatusChoice } from '../lib/queue-filters';

const statusLabels = { ...leaveStatusLabels, [anyStatus]: 'Any status' } as Record<StatusChoice, string>;
const statusChoices: StatusChoice[] = [...leaveStatuses, anyStatus];

/**
 * The leave queue (admins, ADR 74): every member's leave by its first day, filtered by status
 * (pending unless chosen) and by a month it touches, both kept in the address. A pending leave
 * is approved (with an optional note) or declined (with a reason the member reads).
 */
export function LeaveQueuePage() {
  const [params, setParams] = useSearchParams();
  const filters = queueFiltersFrom(params);
  const leaves = useLeaveQueue(queryOf(filters));
  const timeZone = useHostelTimeZone() ?? defaultHostelTimeZone;
  const today = hostelToday(timeZone, useNow(60_000));
  const months = monthChoices(today.slice(0, 7), filters.month);
  const rows = rowsOf(leaves.data);
  const [decided, setDecided] = useState('');
  const choose = (change: Partial<typeof filters>) => setParams(searchFor({ ...filters, ...change }));

  return (
    <section className="space-y-6">
      <PageTitle>Leave Queue</PageTitle>
      <div className="flex flex-wrap gap-3" role="group" aria-label="Filter leave">
        <label className="text-sm text-stone-700">
          <span className="label">Status</span>
          <select
            className="input"
            value={filters.status}
            onChange={(event) => choose({ status: event.target.value as StatusChoice })}
          >
            <ChoiceOptions values={statusChoices} labels={statusLabels} />
          </select>
        </label>
        <label className="text-sm text-stone-700">
          <span className="label">Month</span>
          <select
            className="input"
            value={filters.month ?? ''}
            onChange={(event) => choose({ month: event.target.value || null })}
          >
            <option value="">Any month</option>
            {months.map((month) => (
              <option key={month} value={month}>
                {formatMonth(month)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p aria-live="polite" className="text-sm text-green-800">
        {decided}
      </p>
      <ListStates query={leaves} isEmpty={rows.length === 0} emptyMessage="No leave matches.">
        <>
          <TableFrame caption="Leave" headers={['Member', 'Dates', 'Days', 'Status', 'Credit', 'Reasons', 'Decide']}>
            {rows.map((leave) => {
              const dates = leaveDates(leave, today);
              return (
                <TableRow key={leave._id}>
                  <td className={`${cellClass} break-words`}>
                    <span className="block font-medium text-stone-900">{leave.name || 'No name'}</span>
                    <span className="block text-xs break-all text-stone-600">{leave.email}</span>
                  </td>
                  <td className={cellClass}>{dates}</td>
                  <td className={cellClass}>{leave.days}</td>
                  <td className={cellClass}>
                    <LeaveStatusPill status={leave.status} />
                  </td>
                  <td className={cellClass}>{creditText(leave)}</td>
                  <td className={cellClass}>
                    <LeaveReasons leave={leave} decidedBy="Decision" />
                  </td>
                  <td className={cellClass}>
                    <DecideLeave leave={leave} who={`${leave.name || leave.email}, ${dates}`} onDecided={setDecided} />
                  </td>
                </TableRow>
              );
            })}
          </TableFrame>
          <LoadMore
            hasNextPage={leaves.hasNextPage}
            isFetchingNextPage={leaves.isFetchingNextPage}
            fetchNextPage={() => void leaves.fetchNextPage()}
          />
        </>
      </ListStates>
    </section>
  );
}
