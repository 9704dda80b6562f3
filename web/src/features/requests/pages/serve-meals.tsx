import { useState } from 'react';
import { ListStates } from '@/components/list-states';
import { LiveStatusNote } from '@/components/live-status-note';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { SearchBox } from '@/components/search-box';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import type { RequestedMeal } from '@hostelhub/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { reportActionError, showSuccess } from '@/lib/dialogs';
import { rowsOf } from '@/lib/paged-list';
import { useRequestHistory, useServedRequests } from '../api/get-served-requests';
import { useLivePendingQueue, useLiveRequestHistory, useLiveRequestRows } from '../api/live-requests';
import { useServeMealRequest } from '../api/serve-meal-request';
import { StatusPill } from '../components/status-pill';

type RequestRowsProps = {
  caption: string;
  rows: RequestedMeal[];
  onServe: (request: RequestedMeal) => void;
  serving: string | null;
};

const serveLabel = (request: RequestedMeal) => (request.status === 'delivered' ? 'Served' : 'Serve');

function RequestRows({ caption, rows, onServe, serving }: RequestRowsProps) {
  return (
    <TableFrame caption={caption} headers={['#', 'Meal Title', 'User Email', 'User Name', 'Status', 'Serve']}>
      {rows.map((request, index) => (
        <TableRow key={request._id}>
          <td className={cellClass}>{index + 1}</td>
          <td className={`${cellClass} min-w-40 font-medium`}>{request.title}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{request.userEmail}</td>
          <td className={cellClass}>
            {request.userName}
            {request.priority && request.status === 'pending' && (
              <span className="ml-2 rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-semibold text-yellow-800">
                Priority
              </span>
            )}
          </td>
          <td className={cellClass}>
            <StatusPill status={request.status} />
          </td>
          <td className={cellClass}>
            <button
              type="button"
              onClick={() => onServe(request)}
              disabled={request.status !== 'pending' || serving === request._id}
              // The name starts with what the button shows (WCAG 2.5.3, label in name).
              aria-label={`${serveLabel(request)} ${request.title} to ${request.userName}`}
              className="btn-success btn-sm"
            >
              {serveLabel(request)}
            </button>
          </td>
        </TableRow>
      ))}
    </TableFrame>
  );
}

/**
 * The kitchen's work queue first (pending requests, priority members' first, then the oldest),
 * and below it every request newest first, so what was served or cancelled stays in view. A
 * search shows every request of the matching users instead. Without a search, the first page of
 * each list follows the database live, so new requests show up without a reload.
 */
export function ServeMealsPage() {
  const [search, setSearch] = useState('');
  const searchText = useDebouncedValue(search.trim());
  const requests = useServedRequests(searchText);
  const history = useRequestHistory(!searchText);
  // Without a search, the queue's first page and the history's follow the database live.
  const liveQueue = useLiveRequestRows(requests, useLivePendingQueue(!searchText), 'queue');
  const liveHistory = useLiveRequestRows(history, useLiveRequestHistory(!searchText), 'newest-first');
  const serve = useServeMealRequest();
  const rows = searchText ? rowsOf(requests.data) : liveQueue.rows;
  const historyRows = liveHistory.rows;
  const liveStatus = searchText ? 'off' : liveQueue.status === 'paused' ? 'paused' : liveHistory.status;
  const serving = serve.isPending ? (serve.variables ?? null) : null;

  const onServe = async (request: RequestedMeal) => {
    try {
      await serve.mutateAsync(request._id);
      void showSuccess('Status updated successful', undefined, 1500);
    } catch (error) {
      await reportActionError(error);
    }
  };

  return (
    <section>
      <PageTitle actions={<LiveStatusNote status={liveStatus} />}>Serve Meals</PageTitle>
      <SearchBox label="Search requests" placeholder="User email or name" value={search} onChange={setSearch} />
      <ListStates query={requests} isEmpty={rows.length === 0} emptyMessage="No data found">
        <>
          <p className="mb-2 text-sm text-stone-600">
            {searchText
              ? 'Every request of the matching users, newest first.'
              : 'Waiting to be served: priority members first, then the oldest first.'}
          </p>
          <RequestRows
            caption={searchText ? 'Meal requests' : 'Meal requests waiting to be served'}
            rows={rows}
            onServe={onServe}
            serving={serving}
          />
          <LoadMore {...requests} />
        </>
      </ListStates>
      {!searchText && (
        <div className="mt-8">
          <h2 className="mb-2 text-lg font-semibold text-stone-900">All requests</h2>
          <ListStates query={history} isEmpty={historyRows.length === 0} emptyMessage="No requests yet.">
            <>
              <RequestRows
                caption="Every meal request, newest first"
                rows={historyRows}
                onServe={onServe}
                serving={serving}
              />
              <LoadMore {...history} />
            </>
          </ListStates>
        </div>
      )}
    </section>
  );
}
