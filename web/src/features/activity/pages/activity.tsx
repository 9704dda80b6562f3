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
} from '@hostelhub/contracts';
import { ChoiceOptions } from '@/components/choice-options';
import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import { reportActionError } from '@/lib/dialogs';
import { useHostelTimeZone } from '@/lib/menu-query';
import { rowsOf } from '@/lib/paged-list';
import { saveFile } from '@/lib/save-file';
import { formatDayShort, formatHostelTime } from '@/lib/serving-format';
import { getActivityCsv, useActivity, type ActivityFilters } from '../api/activity';
import { activityFiltersFrom, searchFor } from '../lib/activity-filters';

const anyKind = '';
const kindLabels = { ...adminActionKindLabels, [anyKind]: 'Any kind' };

const shown = (value: AdminActionValue | undefined) =>
  value === null || value === undefined ? '—' : Array.isArray(value) ? value.join(', ') || '—' : String(value);

/** Each field a change touched: "price: 12.5 → 14"; only after for an addition, only before for a removal. */
function Change({ before, after }: { before: AdminActionFields; after: AdminActionFields }) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <span className="text-stone-500">—</span>;
  return (
    <ul className="space-y-0.5">
      {fields.map((field) => (
        <li key={field} className="break-words">
          <span className="font-medium">{field}:</span> {before !== null && <span>{shown(before[field])}</span>}
          {before !== null && after !== null && <span aria-label="changed to"> → </span>}
          {after !== null && <span>{shown(after[field])}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Who changed what (admins, ADR 78): the audit log newest first, filtered by kind, person and
 * the hostel's days, all kept in the address; each entry's fields before and after, as text;
 * the same entries as CSV.
 */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filters = activityFiltersFrom(params);
  const activity = useActivity(filters);
  const timeZone = useHostelTimeZone() ?? defaultHostelTimeZone;
  const rows = rowsOf<AdminAction>(activity.data);
  const people = new Map(rows.map((action) => [action.actor.uid, action.actor.name || action.actor.uid]));
  const [downloading, setDownloading] = useState(false);
  const choose = (change: ActivityFilters) => setParams(searchFor({ ...filters, ...change }));
  const clear = (name: keyof ActivityFilters) => {
    const { [name]: _dropped, ...rest } = filters;
    setParams(searchFor(rest));
  };
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);

  const onDownload = async () => {
    setDownloading(true);
    try {
      saveFile('activity.csv', await getActivityCsv(filters), 'text/csv');
    } catch (error) {
      await reportActionError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="space-y-6">
      <PageTitle>Activity</PageTitle>
      <p className="text-sm text-stone-600">
        Every change an admin or a member of staff made, newest first: written with the change itself, and never edited.
      </p>
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filter activity">
        <label className="text-sm text-stone-700">
          <span className="label">Kind</span>
          <select
            className="input"
            value={filters.kind ?? anyKind}
            onChange={(event) =>
              event.target.value ? choose({ kind: event.target.value as ActivityFilters['kind'] }) : clear('kind')
            }
          >
            <ChoiceOptions values={[anyKind, ...adminActionKinds]} labels={kindLabels} />
          </select>
        </label>
        <label className="text-sm text-stone-700">
          <span className="label">Person</span>
          <select
            className="input"
            value={filters.actor ?? ''}
            onChange={(event) => (event.target.value ? choose({ actor: event.target.value }) : clear('actor'))}
          >
            <option value="">Anyone</option>
            {filters.actor && !people.has(filters.actor) && <option value={filters.actor}>{filters.actor}</option>}
            {[...people].map(([uid, name]) => (
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
            onChange={(event) => (event.target.value ? choose({ from: event.target.value }) : clear('from'))}
          />
        </label>
        <label className="text-sm text-stone-700">
          <span className="label">To</span>
          <input
            type="date"
            className="input"
            value={filters.to ?? ''}
            onChange={(event) => (event.target.value ? choose({ to: event.target.value }) : clear('to'))}
          />
        </label>
        <button type="button" className="btn-secondary btn-sm" onClick={onDownload} disabled={downloading || badRange}>
          Download CSV
        </button>
      </div>
      {badRange ? (
        <p role="alert" className="text-sm text-red-700">
          From must not be after To.
        </p>
      ) : (
        <ListStates query={activity} isEmpty={rows.length === 0} emptyMessage="Nothing was changed in this range.">
          <>
            <TableFrame caption="Activity" headers={['When', 'Who', 'What', 'Of', 'Change']}>
              {rows.map((action) => (
                <TableRow key={action._id}>
                  <td className={cellClass}>
                    {formatDayShort(hostelDate(new Date(action.at), timeZone))} {formatHostelTime(action.at, timeZone)}
                  </td>
                  <td className={`${cellClass} break-words`}>
                    <span className="block font-medium text-stone-900">{action.actor.name || action.actor.uid}</span>
                    <span className="block text-xs text-stone-600">{action.actor.role}</span>
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
