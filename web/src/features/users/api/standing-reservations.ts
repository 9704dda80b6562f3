// GET and PUT /standing-reservations (ADR 74): the member's weekly pattern, which the daily job
// reserves.
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { settingHooks } from '@/lib/setting-query';

const standing = settingHooks(
  routes.standingReservations,
  routes.setStandingReservations,
  queryKeys.standingReservations,
);
export const useStandingReservations = standing.useSetting;
/** The PUT's answer (the pattern as stored) replaces the cached one. */
export const useSetStandingReservations = standing.useUpdateSetting;
