// Booked by default (ADR 74): where the hostel counts every member for every serving of their
// hall, a member's cancel there is a skip and their reserve takes it back (the same calls as a
// reservation's, useReserve and useCancelReservation). What the menu needs to say so: the
// hostel's booking rule, the member's hall, and the servings they skipped.
import { useQuery } from '@tanstack/react-query';
import { firstHallId, routes, type MealSettings, type Serving } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /meal-settings, for a signed-in user: the one reading of the booking rule and the leave
 * rules, which the menu, My Profile and the admins' Meal Settings share (its PUT replaces it).
 */
export const useMealSettings = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.mealSettings,
    queryFn: ({ signal }): Promise<MealSettings> => fetchEndpoint(routes.mealSettings, { signal }),
    enabled,
  });

/**
 * Whether the signed-in member is counted for servings at their hall by default, and which of
 * them they skipped. `countedFor` answers for one serving.
 */
export function useDefaultBooking() {
  const { user, profile } = useSession();
  const settings = useMealSettings(Boolean(user));
  const byDefault = settings.data?.booking === 'default' && Boolean(profile?.membership);
  const skips = useQuery({
    queryKey: queryKeys.requests.skips,
    queryFn: ({ signal }) => fetchEndpoint(routes.mySkips, { signal }),
    enabled: Boolean(user) && byDefault,
  });
  const skipped = new Set(skips.data?.servingIds ?? []);
  const hall = profile?.homeHallId ?? firstHallId;
  return {
    byDefault,
    countedFor: (serving: Pick<Serving, 'hallId'>) => byDefault && serving.hallId === hall,
    skipped: (servingId: string) => skipped.has(servingId),
  };
}
