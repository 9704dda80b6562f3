import { ListStates } from '@/components/list-states';
import { LiveStatusNote } from '@/components/live-status-note';
import { LoadMore } from '@/components/load-more';
import { OfflineNote } from '@/components/offline-note';
import { PageTitle } from '@/components/page-title';
import { DataTable, type DataColumn } from '@/components/table-frame';
import type { RequestedMeal } from '@hostelhub/contracts';
import { confirmThenRun } from '@/lib/dialogs';
import { toICalendar } from '@/lib/icalendar';
import { useHostelTimeZone } from '@/lib/menu-query';
import { upcomingReservations, useCancelReservation, type Reservation } from '@/domain/reservations/reservations';
import { saveFile } from '@/lib/save-file';
import { formatServingDate } from '@/lib/serving-format';
import { mealSlotLabels } from '@hostelhub/contracts';
import { RowAction } from '@/components/row-action';
import { pendingFor } from '@/lib/refreshing-mutation';
import { useCancelMealRequest } from '../api/cancel-meal-request';
import { useMyRequestedMeals } from '../api/get-my-requested-meals';
import { useLiveOwnRequests, useLiveRequestRows } from '../api/live-requests';
import { StatusPill } from '../components/status-pill';

/** The member's upcoming reservations as an iCalendar file (one event each, UID per reservation). */
function downloadCalendar(reservations: Reservation[]) {
  const events = reservations.map((reservation) => ({
    uid: `reservation-${reservation._id}@hostelhub`,
    start: new Date(reservation.serving.startsAt),
    end: new Date(reservation.serving.endsAt),
    summary: `${mealSlotLabels[reservation.serving.slot]}: ${reservation.title}`,
    url: `${window.location.origin}/meal/${encodeURIComponent(reservation.mealId)}`,
  }));
  saveFile('hostelhub-meals.ics', toICalendar(events), 'text/calendar');
}

/**
 * The caller's requests: upcoming reservations first (the soonest first), then the rest
 * newest first; the first page follows the database live.
 */
export function RequestedMealsPage() {
  const requests = useMyRequestedMeals();
  const live = useLiveRequestRows(requests, useLiveOwnRequests(), 'newest-first');
  // A reservation is given back by its serving (which also refreshes the menu's places); an
  // undated request by its id.
  const cancelRequest = useCancelMealRequest();
  const cancelReservation = useCancelReservation();
  // "Now" is when the list was read, so the order and the buttons hold still between reads.
  const now = requests.dataUpdatedAt;
  const upcoming = upcomingReservations(live.rows, now);
  const upcomingIds = new Set(upcoming.map((request) => request._id));
  const rows = [...upcoming, ...live.rows.filter((request) => !upcomingIds.has(request._id))];
  const timeZone = useHostelTimeZone(rows.some((request) => request.serving));
  // After the cutoff the kitchen has cooked: the API refuses to cancel, so no button is offered.
  const cancellable = (request: RequestedMeal) =>
    request.status === 'pending' && (!request.serving || new Date(request.serving.cutoffAt).getTime() > now);

  const onCancel = async (request: RequestedMeal) => {
    await confirmThenRun(
      ['Cancel this request?', `Your request for ${request.title} will be withdrawn.`, 'Yes, cancel it'],
      async () => {
        if (request.serving) await cancelReservation.mutateAsync(request.serving._id);
        else await cancelRequest.mutateAsync(request._id);
      },
    );
  };
  const cancelling = (request: RequestedMeal) =>
    request.serving ? pendingFor(cancelReservation, request.serving._id) : pendingFor(cancelRequest, request._id);

  const columns: DataColumn<RequestedMeal>[] = [
    { header: '#', cell: (_request, index) => index + 1 },
    { header: 'Meal Title', className: 'min-w-40 font-medium', cell: (request) => request.title },
    {
      header: 'For',
      cell: (request) => (request.serving && timeZone ? formatServingDate(request.serving, timeZone) : '—'),
    },
    { header: 'Likes', cell: (request) => request.likes },
    { header: 'Reviews', cell: (request) => request.reviews_count },
    { header: 'Status', cell: (request) => <StatusPill status={request.status} /> },
    {
      header: 'Cancel',
      cell: (request) =>
        cancellable(request) && (
          <RowAction
            label="Cancel"
            row={`the request for ${request.title}`}
            tone="danger"
            onClick={() => onCancel(request)}
            busy={cancelling(request)}
          />
        ),
    },
  ];

  return (
    <section>
      <PageTitle
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <LiveStatusNote status={live.status} />
            {upcoming.length > 0 && (
              <button type="button" className="btn-secondary btn-sm" onClick={() => downloadCalendar(upcoming)}>
                Add to calendar
              </button>
            )}
          </div>
        }
      >
        Requested Meals
      </PageTitle>
      <OfflineNote updatedAt={requests.dataUpdatedAt} />
      <ListStates query={requests} isEmpty={rows.length === 0} emptyMessage="No requested meals found.">
        <>
          <DataTable caption="Your meal requests" columns={columns} rows={rows} rowKey={(request) => request._id} />
          <LoadMore {...requests} />
        </>
      </ListStates>
    </section>
  );
}
