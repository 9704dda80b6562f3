// A member's reservations: meal requests with a serving (ADR 0029). The menu, the meal page
// and My Profile read the first page of the member's own requests (the newest, where this
// week's reservations are) to know which servings they hold; reserving and cancelling go
// through POST /meal-request and PATCH /meal-request/{id}/cancel like every request.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RequestedMeal, type ReservationServing } from '@hostelhub/contracts';
import { callEndpoint, fetchEndpoint, repeatDelayMs, retryRepeatableWrite } from './api-client';
import { useSession } from './auth';
import { dashboardPageSize } from './paged-list';
import { invalidateMenu, invalidateRequests, queryKeys } from './query-keys';

export type Reservation = RequestedMeal & { serving: ReservationServing };

/** A request that holds a place at a serving (waiting or already served, not cancelled). */
export const isActiveReservation = (request: RequestedMeal): request is Reservation =>
  Boolean(request.serving) && request.status !== 'cancelled';

/** The reservations still ahead (not yet over, not served), the soonest first. */
export const upcomingReservations = (requests: RequestedMeal[], now: number = Date.now()): Reservation[] =>
  requests
    .filter(isActiveReservation)
    .filter((request) => request.status === 'pending' && new Date(request.serving.endsAt).getTime() > now)
    .sort((a, b) => a.serving.startsAt.localeCompare(b.serving.startsAt));

const myRecentRequestsQuery = (email: string | null) =>
  queryOptions({
    queryKey: queryKeys.requests.reservations,
    queryFn: ({ signal }) =>
      fetchEndpoint(routes.requestedMeals, {
        query: { email: email ?? undefined, limit: dashboardPageSize },
        signal,
      }),
    enabled: Boolean(email),
  });

/** The signed-in member's active reservations by serving id (empty for a visitor). */
export function useMyReservations(enabled = true) {
  const { user } = useSession();
  const options = myRecentRequestsQuery(user?.email ?? null);
  const query = useQuery({ ...options, enabled: options.enabled && enabled });
  const byServing = new Map<string, Reservation>();
  for (const request of query.data?.items ?? []) {
    if (isActiveReservation(request)) byServing.set(request.serving._id, request);
  }
  return { ...query, byServing, requests: query.data?.items ?? [] };
}

/** A reservation changed the places left and the member's lists. */
const refreshAfterReservation = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([invalidateMenu(queryClient), invalidateRequests(queryClient)]);

/**
 * POST /meal-request with the serving: a reservation (409 when full or past the cutoff). A
 * 5xx or a lost connection is repeated for the member before any error shows: a repeat of a
 * reservation that went through answers 208 with it, so it never takes two places.
 */
export function useReserve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serving: { mealId: string; servingId: string }) => callEndpoint(routes.requestMeal, { body: serving }),
    retry: retryRepeatableWrite,
    retryDelay: repeatDelayMs,
    // A refusal (full, closed) also means the menu the member sees is out of date.
    onSettled: () => refreshAfterReservation(queryClient),
  });
}

/** PATCH /meal-request/{id}/cancel: the place comes back (409 after the cutoff). */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => fetchEndpoint(routes.cancelRequest, { params: { id: requestId } }),
    onSettled: () => refreshAfterReservation(queryClient),
  });
}
