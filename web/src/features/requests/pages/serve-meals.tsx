import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListStates } from '@/components/list-states';
import { LiveStatusNote } from '@/components/live-status-note';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { SearchBox } from '@/components/search-box';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import { allergenLabels, mealSlotLabels, type RequestedMeal } from '@hostelhub/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useNow } from '@/hooks/use-now';
import { ApiRequestError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { reportActionError, showSuccess } from '@/lib/dialogs';
import { formatWaitingTime } from '@/lib/format';
import { rowsOf } from '@/lib/paged-list';
import { paths } from '@/lib/paths';
import { formatDayShort } from '@/lib/serving-format';
import { useRequestHistory, useServedRequests } from '../api/get-served-requests';
import { useLivePendingQueue, useLiveRequestHistory, useLiveRequestRows } from '../api/live-requests';
import { useServeMealRequest } from '../api/serve-meal-request';
import { useUndoServe } from '../api/undo-serve';
import { StatusPill } from '../components/status-pill';
import { recentServe, servedFrom, stillUndoable, withRecentServes, type RecentServe } from '../lib/recent-serves';

type RequestRowsProps = {
  caption: string;
  rows: RequestedMeal[];
  now: number;
  /** Serves that may still be undone, by request id; only the list they were made in offers Undo. */
  undoable?: ReadonlyMap<string, RecentServe>;
  onServe: (request: RequestedMeal, position: number) => void;
  onUndo?: (request: RequestedMeal) => void;
  busy: string | null;
};

function ServeAction({
  request,
  position,
  undoable,
  onServe,
  onUndo,
  busy,
}: {
  request: RequestedMeal;
  position: number;
} & Pick<RequestRowsProps, 'undoable' | 'onServe' | 'onUndo' | 'busy'>) {
  const who = `${request.title} to ${request.userName}`;
  if (undoable?.has(request._id) && onUndo) {
    return (
      <span className="inline-flex items-center gap-2 whitespace-nowrap">
        <span className="font-medium text-green-800">Served</span>
        <span aria-hidden="true">·</span>
        <button
          type="button"
          onClick={() => onUndo(request)}
          disabled={busy === request._id}
          // The name starts with what the button shows (WCAG 2.5.3, label in name).
          aria-label={`Undo serving ${who}`}
          className="btn-secondary btn-sm"
        >
          Undo
        </button>
      </span>
    );
  }
  const label = request.status === 'delivered' ? 'Served' : 'Serve';
  return (
    <button
      type="button"
      onClick={() => onServe(request, position)}
      disabled={request.status !== 'pending' || busy === request._id}
      aria-label={`${label} ${who}`}
      className="btn-success btn-sm"
    >
      {label}
    </button>
  );
}

function RequestRows({ caption, rows, now, undoable, onServe, onUndo, busy }: RequestRowsProps) {
  return (
    <TableFrame caption={caption} headers={['#', 'Meal Title', 'User Email', 'User Name', 'Status', 'Serve']}>
      {rows.map((request, index) => (
        <TableRow key={request._id}>
          <td className={cellClass}>{index + 1}</td>
          <td className={`${cellClass} min-w-40 font-medium`}>{request.title}</td>
          <td className={`${cellClass} break-all md:whitespace-nowrap`}>{request.userEmail}</td>
          <td className={cellClass}>
            {request.userName}
            {request.priority && request.status === 'pending' && (
              <span className="ml-2 rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-semibold text-yellow-800">
                Priority
              </span>
            )}
            {request.dinerAvoids && request.dinerAvoids.length > 0 && (
              <span className="mt-1 block text-xs font-semibold text-red-800">
                <span aria-hidden="true">⚠️ </span>
                Avoids: {request.dinerAvoids.map((key) => allergenLabels[key]).join(', ')}
              </span>
            )}
          </td>
          <td className={cellClass}>
            <StatusPill status={request.status} />
            {request.status === 'pending' && (
              <span className="mt-1 block text-xs whitespace-nowrap text-stone-600">
                {formatWaitingTime(request.requestedAt, now)}
              </span>
            )}
          </td>
          <td className={cellClass}>
            <ServeAction
              request={request}
              position={index}
              undoable={undoable}
              onServe={onServe}
              onUndo={onUndo}
              busy={busy}
            />
          </td>
        </TableRow>
      ))}
    </TableFrame>
  );
}

/**
 * The kitchen's one work queue (pending requests, priority members' first, then the oldest,
 * each with how long it has waited), and below it the history: requests served or cancelled,
 * newest first. A serve made here can be undone for a minute: the row stays in the queue as
 * "Served · Undo" meanwhile. A search shows every request of the matching users instead.
 * Without a search, the first page of each list follows the database live. `?serving=` (the
 * kitchen view's "Serve this list") narrows the queue to one serving's reservations, read
 * from the API like a search. Kitchen staff get the queue only: the history and a search
 * through every resident's requests are the admins' (the API and the rules refuse them).
 */
export function ServeMealsPage() {
  const isAdmin = useSession().profile?.role === 'admin';
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim());
  const searchText = isAdmin ? debouncedSearch : '';
  const servingId = useSearchParams()[0].get('serving') || null;
  const narrowed = !searchText && servingId !== null;
  const whole = !searchText && !narrowed;
  const requests = useServedRequests(searchText, servingId);
  const showHistory = whole && isAdmin;
  const history = useRequestHistory(showHistory);
  // The whole queue's first page and the history's follow the database live.
  const liveQueue = useLiveRequestRows(requests, useLivePendingQueue(whole), 'queue');
  const liveHistory = useLiveRequestRows(history, useLiveRequestHistory(showHistory), 'newest-first');
  const serve = useServeMealRequest();
  const undo = useUndoServe();
  const now = useNow();
  const [recent, setRecent] = useState<ReadonlyMap<string, RecentServe>>(new Map());
  // Undo belongs to the list a serve was made in: the search, the serving, or the queue.
  const list = searchText || (narrowed ? `serving:${servingId}` : '');
  const undoable = servedFrom(recent, list);
  const rows = withRecentServes(whole ? liveQueue.rows : rowsOf(requests.data), undoable);
  const historyRows = liveHistory.rows;
  const liveStatus = !whole
    ? 'off'
    : liveQueue.status === 'paused' || !showHistory
      ? liveQueue.status
      : liveHistory.status;
  const servingOfRows = rows.find((row) => row.serving)?.serving;
  const busy = serve.isPending ? (serve.variables ?? null) : undo.isPending ? (undo.variables ?? null) : null;

  // Undo is withdrawn when its minute ends, whether or not anything else renders.
  useEffect(() => {
    if (recent.size === 0) return;
    const firstEnd = Math.min(...[...recent.values()].map((entry) => entry.undoUntil));
    const timer = setTimeout(() => setRecent((current) => stillUndoable(current, Date.now())), firstEnd - Date.now());
    return () => clearTimeout(timer);
  }, [recent]);

  const forget = (id: string) =>
    setRecent((current) => new Map([...current].filter(([requestId]) => requestId !== id)));

  const onServe = async (request: RequestedMeal, position: number) => {
    const pressedAt = Date.now();
    try {
      await serve.mutateAsync(request._id);
      setRecent((current) => new Map(current).set(request._id, recentServe(request, list, position, pressedAt)));
      void showSuccess('Status updated successful', undefined, 1500);
    } catch (error) {
      await reportActionError(error);
    }
  };

  const onUndo = async (request: RequestedMeal) => {
    try {
      await undo.mutateAsync(request._id);
      forget(request._id);
    } catch (error) {
      // Too late (409) or gone (404): the serve stands, so Undo goes.
      if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) forget(request._id);
      await reportActionError(error);
    }
  };

  return (
    <section>
      <PageTitle actions={<LiveStatusNote status={liveStatus} />}>Serve Meals</PageTitle>
      {isAdmin && (
        <SearchBox label="Search requests" placeholder="User email or name" value={search} onChange={setSearch} />
      )}
      {narrowed && (
        <p className="mb-3 rounded-lg bg-orange-50 px-3 py-2 text-sm text-stone-800" data-testid="serving-filter">
          Only the reservations for{' '}
          {servingOfRows ? (
            <strong>
              {mealSlotLabels[servingOfRows.slot]} · {formatDayShort(servingOfRows.date)}
            </strong>
          ) : (
            'one serving'
          )}
          .{' '}
          <Link to={paths.dashboard.serveMeals} className="font-semibold text-orange-800 underline">
            Show every request
          </Link>
        </p>
      )}
      <ListStates query={requests} isEmpty={rows.length === 0} emptyMessage="No data found">
        <>
          <p className="mb-2 text-sm text-stone-600">
            {searchText
              ? 'Every request of the matching users, newest first.'
              : narrowed
                ? 'Waiting at this serving: priority members first, then the oldest first.'
                : 'Waiting to be served: priority members first, then the oldest first.'}
          </p>
          <RequestRows
            caption={
              searchText
                ? 'Meal requests'
                : narrowed
                  ? 'Reservations waiting to be served at this serving'
                  : 'Meal requests waiting to be served'
            }
            rows={rows}
            now={now}
            undoable={undoable}
            onServe={onServe}
            onUndo={onUndo}
            busy={busy}
          />
          <LoadMore {...requests} />
        </>
      </ListStates>
      {showHistory && (
        <div className="mt-8">
          <h2 className="mb-2 text-lg font-semibold text-stone-900">History</h2>
          <ListStates
            query={history}
            isEmpty={historyRows.length === 0}
            emptyMessage="Nothing served or cancelled yet."
          >
            <>
              <p className="mb-2 text-sm text-stone-600">Served and cancelled requests, newest first.</p>
              <RequestRows
                caption="Served and cancelled meal requests, newest first"
                rows={historyRows}
                now={now}
                onServe={onServe}
                busy={busy}
              />
              <LoadMore {...history} />
            </>
          </ListStates>
        </div>
      )}
    </section>
  );
}
