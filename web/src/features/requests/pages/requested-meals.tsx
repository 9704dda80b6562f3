import { ListStates } from '@/components/list-states';
import { LiveStatusNote } from '@/components/live-status-note';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import type { RequestedMeal } from '@hostelhub/contracts';
import { confirmAction, reportActionError } from '@/lib/dialogs';
import { useCancelMealRequest } from '../api/cancel-meal-request';
import { useMyRequestedMeals } from '../api/get-my-requested-meals';
import { useLiveOwnRequests, useLiveRequestRows } from '../api/live-requests';
import { StatusPill } from '../components/status-pill';

/** The caller's requests, newest first; the first page follows the database live. */
export function RequestedMealsPage() {
  const requests = useMyRequestedMeals();
  const live = useLiveRequestRows(requests, useLiveOwnRequests(), 'newest-first');
  const cancel = useCancelMealRequest();
  const rows = live.rows;

  const onCancel = async (request: RequestedMeal) => {
    const confirmed = await confirmAction(
      'Cancel this request?',
      `Your request for ${request.title} will be withdrawn.`,
      'Yes, cancel it',
    );
    if (!confirmed) return;
    try {
      await cancel.mutateAsync(request._id);
    } catch (error) {
      await reportActionError(error);
    }
  };

  return (
    <section>
      <PageTitle actions={<LiveStatusNote status={live.status} />}>Requested Meals</PageTitle>
      <ListStates query={requests} isEmpty={rows.length === 0} emptyMessage="No requested meals found.">
        <>
          <TableFrame
            caption="Your meal requests"
            headers={['#', 'Meal Title', 'Likes', 'Reviews', 'Status', 'Cancel']}
          >
            {rows.map((request, index) => (
              <TableRow key={request._id}>
                <td className={cellClass}>{index + 1}</td>
                <td className={`${cellClass} min-w-40 font-medium`}>{request.title}</td>
                <td className={cellClass}>{request.likes}</td>
                <td className={cellClass}>{request.reviews_count}</td>
                <td className={cellClass}>
                  <StatusPill status={request.status} />
                </td>
                <td className={cellClass}>
                  {request.status === 'pending' && (
                    <button
                      type="button"
                      onClick={() => onCancel(request)}
                      disabled={cancel.isPending && cancel.variables === request._id}
                      aria-label={`Cancel the request for ${request.title}`}
                      className="btn-danger btn-sm"
                    >
                      Cancel
                    </button>
                  )}
                </td>
              </TableRow>
            ))}
          </TableFrame>
          <LoadMore {...requests} />
        </>
      </ListStates>
    </section>
  );
}
