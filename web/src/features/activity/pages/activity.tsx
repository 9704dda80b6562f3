import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  adminActionKindLabels,
  adminActionKinds,
  defaultHostelTimeZone,
  hostelDate,
  type AdminAction,
  type AdminActionFields,
  type AdminActionValue,
  type AdminActor,
} from '@hostelhub/contracts';
import { ChoiceOptions } from '@/components/choice-options';
import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import { isSessionEndingError } from '@/lib/api-client';
import { useHostelTimeZone } from '@/lib/menu-query';
import { rowsOf } from '@/lib/paged-list';
import { saveFile } from '@/lib/save-file';
import { formatDayShort, formatHostelTime } from '@/lib/serving-format';
import { getActivityCsv, useActivity, type ActivityFilters } from '../api/activity';
import { activityFiltersFrom, isBackwards, searchFor } from '../lib/activity-filters';

const rangeErrorId = 'activity-range-error';

const roleLabels: Record<string, string> = { admin: 'Admin', staff: 'Kitchen staff', student: 'Student' };
const nameOf = (actor: AdminActor) => actor.name || actor.uid;

/** A field's value as text: a list joined, nothing as a dash. */
const shown = (value: AdminActionValue | undefined) =>
  value === null || value === undefined ? '—' : Array.isArray(value) ? value.join(', ') || '—' : String(value);

/** "Fri 20 Nov 2026, 12:05": an instant on the hostel's calendar and clock. */
const when = (at: string, timeZone: string) => {
  const day = hostelDate(new Date(at), timeZone);
  return `${formatDayShort(day)} ${day.slice(0, 4)}, ${formatHostelTime(at, timeZone)}`;
};

/** Each field a change touched: "price: 12.5 → 14"; only after for an addition, only before for a removal. */
function Change({ before, after }: { before: AdminActionFields; after: AdminActionFields }) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <span className="text-stone-500">—</span>;
  return (
    <ul className="space-y-0.5">
      {fields.map((field) => (
        <li key={field} className="break-words">
          <span className="font-medium">{field}:</span> {before !== null && shown(before[field])}
          {before !== null && after !== null && ' → '}
          {after !== null && shown(after[field])}
        </li>
      ))}
    </ul>
  );
}

/**
 * The people the log has shown in this visit, by uid, for the Person filter: once one is
 * chosen (and the log shows only them) the others stay to be chosen instead.
 */
function usePeopleSeen(rows: AdminAction[]): ReadonlyMap<string, string> {
  const [people, setPeople] = useState<ReadonlyMap<string, string>>(() => new Map());
  const unseen = rows.filter(({ actor }) => people.get(actor.uid) !== nameOf(actor));
  // Kept as the rows arrive, during the render (React's pattern for state that follows props).
  if (unseen.length > 0)
    setPeople(new Map([...people, ...unseen.map(({ actor }) => [actor.uid, nameOf(actor)] as const)]));
  return people;
}

/**
 * Who changed what (admins, ADR 78): the audit log newest first, filtered by kind, person and
 * the hostel's days, all kept in the address; each entry's fields before and after, as text;
 * the same entries as CSV.
 */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filters = activityFiltersFrom(params);
  const backwards = isBackwards(filters);
  // A backwards range is said here at once; the API would only refuse it.
  const activity = useActivity(filters, !backwards);
  const timeZone = useHostelTimeZone() ?? defaultHostelTimeZone;
  const rows = rowsOf<AdminAction>(activity.data);
  const people = [...usePeopleSeen(rows)].sort(([, a], [, b]) => a.localeCompare(b));
  const [downloading, setDownloading] = useState(false);
  const [csvFailure, setCsvFailure] = useState<string | null>(null);
  /** Sets one filter, or drops it when it is emptied. */
  const choose = <Name extends keyof ActivityFilters>(name: Name, value: string) => {
    const { [name]: _replaced, ...rest } = filters;
    setParams(searchFor(value ? ({ ...rest, [name]: value } as ActivityFilters) : rest));
  };

  const onDownload = async () => {
    setDownloading(true);
    setCsvFailure(null);
    try {
      const { csv, fileName } = await getActivityCsv(filters);
      saveFile(fileName, csv, 'text/csv');
    } catch (error) {
      // A session that ended has said so in its own dialog.
      if (!isSessionEndingError(error)) {
        const reason = error instanceof Error ? error.message : 'Please try again.';
        setCsvFailure(`The CSV could not be downloaded: ${reason}`);
      }
    } finally {
      setDownloading(false);
    }
  };

  const rangeProps = backwards ? { 'aria-invalid': true, 'aria-describedby': rangeErrorId } : {};

  return (
    <section className="space-y-6">
      <PageTitle>Activity</PageTitle>
      <p className="text-sm text-stone-600">
        Every change an admin or a member of staff made, newest first: written with the change itself, and never edited.
        Days are the hostel’s.
      </p>
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filter activity">
        <label className="text-sm text-stone-700">
          <span className="label">Kind</span>
          <select className="input" value={filters.kind ?? ''} onChange={(event) => choose('kind', event.target.value)}>
            <ChoiceOptions blank="Any kind" values={adminActionKinds} labels={adminActionKindLabels} />
          </select>
        </label>
        <label className="text-sm text-stone-700">
          <span className="label">Person</span>
          <select
            className="input"
            value={filters.actor ?? ''}
            onChange={(event) => choose('actor', event.target.value)}
          >
            <option value="">Anyone</option>
            {filters.actor && !people.some(([uid]) => uid === filters.actor) && (
              <option value={filters.actor}>{filters.actor}</option>
            )}
            {people.map(([uid, name]) => (
              <option key={uid} value={uid}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-stone-700">
          <span className="label">From</span>
          <input
            type="date"
            className="input"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => choose('from', event.target.value)}
            {...rangeProps}
          />
        </label>
        <label className="text-sm text-stone-700">
          <span className="label">To</span>
          <input
            type="date"
            className="input"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => choose('to', event.target.value)}
            {...rangeProps}
          />
        </label>
        <button
          type="button"
          className="btn-secondary btn-sm"
          onClick={() => void onDownload()}
          disabled={downloading || backwards}
        >
          {downloading ? 'Preparing CSV…' : 'Download CSV'}
        </button>
      </div>
      {csvFailure && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {csvFailure}
        </p>
      )}
      {backwards ? (
        <p id={rangeErrorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          From must not be after To: choose a From day on or before the To day.
        </p>
      ) : (
        <ListStates query={activity} isEmpty={rows.length === 0} emptyMessage="Nothing was changed in this range.">
          <>
            <TableFrame caption="Activity" headers={['When', 'Who', 'What', 'Target', 'Change']}>
              {rows.map((action) => (
                <TableRow key={action._id}>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    <time dateTime={action.at}>{when(action.at, timeZone)}</time>
                  </td>
                  <td className={`${cellClass} break-words`}>
                    <span className="block font-medium text-stone-900">{nameOf(action.actor)}</span>
                    <span className="block text-xs text-stone-600">
                      {roleLabels[action.actor.role] ?? action.actor.role}
                    </span>
                  </td>
                  <td className={cellClass}>{adminActionKindLabels[action.kind] ?? action.kind}</td>
                  <td className={`${cellClass} break-words`}>{action.target.label || action.target.id}</td>
                  <td className={cellClass}>
                    <Change before={action.before} after={action.after} />
                  </td>
                </TableRow>
              ))}
            </TableFrame>
            <LoadMore
              hasNextPage={activity.hasNextPage}
              isFetchingNextPage={activity.isFetchingNextPage}
              fetchNextPage={() => void activity.fetchNextPage()}
            />
          </>
        </ListStates>
      )}
    </section>
  );
}
