// A member's reservations: the places they hold at servings (ADR 0029). The menu, the meal page
// and My Profile read every page of GET /my-reservations, so a serving the member holds never
// offers Reserve however many they hold; reserving and cancelling name the serving
// (POST and DELETE /servings/{id}/reservation). One hook per call.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RequestedMeal, type ReservationServing } from '@hostelhub/contracts';
import { callEndpoint, fetchEndpoint, repeatDelayMs, retryRepeatableWrite } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { invalidateMenu, invalidateRequests, queryKeys } from '@/lib/query-keys';

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

/** The most the API gives in a page: a member's reservations are seldom more than one call. */
const reservationsPageSize = 50;

/**
 * Every page of GET /my-reservations, one after another: a member may hold any number (two
 * weeks of lunches and dinners is 28), and one left out would show Reserve on a place they hold.
 */
async function readEveryReservation(signal: AbortSignal): Promise<RequestedMeal[]> {
  const items: RequestedMeal[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchEndpoint(routes.myReservations, {
      query: { limit: reservationsPageSize, cursor },
      signal,
    });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

const myReservationsQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: queryKeys.requests.reservations,
    queryFn: ({ signal }) => readEveryReservation(signal),
    enabled: signedIn,
  });

/**
 * The signed-in member's reservations from today on (empty for a visitor): `byServing` for the
 * menu's and the meal page's buttons, `reservations` soonest day first. Today's served ones
 * are among them, so a serving eaten today still shows Reserved rather than Reserve.
 */
export function useMyReservations(enabled = true) {
  const { user } = useSession();
  const options = myReservationsQuery(Boolean(user));
  const query = useQuery({ ...options, enabled: options.enabled && enabled });
  const reservations = (query.data ?? []).filter(isActiveReservation);
  const byServing = new Map(reservations.map((reservation) => [reservation.serving._id, reservation]));
  return { ...query, byServing, reservations };
}

/** A reservation changed the places left and the member's lists. */
const refreshAfterReservation = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([invalidateMenu(queryClient), invalidateRequests(queryClient)]);

/**
 * POST /servings/{id}/reservation (409 when full or past the cutoff). A 5xx or a lost
 * connection is repeated for the member before any error shows: a repeat of a reservation that
 * went through answers 208 with it, so it never takes two places.
 */
export function useReserve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (servingId: string) => callEndpoint(routes.reserve, { params: { id: servingId } }),
    retry: retryRepeatableWrite,
    retryDelay: repeatDelayMs,
    // A refusal (full, closed) also means the menu the member sees is out of date.
    onSettled: () => refreshAfterReservation(queryClient),
  });
}

/** DELETE /servings/{id}/reservation: the member's place there comes back (409 after the cutoff). */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (servingId: string) => fetchEndpoint(routes.cancelReservation, { params: { id: servingId } }),
    onSettled: () => refreshAfterReservation(queryClient),
  });
}
