import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { endpoints, type MembershipChanged, type PlanChangePreview } from '@hostelhub/contracts';

/** Cancel at the end of the paid period. */
export const cancelMembership = () => fetchEndpoint(endpoints.cancelSubscription);
/** Take a cancellation back before the period ends. */
export const resumeMembership = () => fetchEndpoint(endpoints.resumeSubscription);
/**
 * Change to the previewed plan at the preview's proration date, sending back the preview's
 * token: the server accepts only a date it issued, for a few minutes, so the charge is the one
 * shown (a preview left open too long is refused with a 409 that says to look again).
 */
export const changePlan = ({ packageId, prorationDate, prorationToken }: PlanChangePreview) =>
  fetchEndpoint(endpoints.changePlan, { body: { packageId, prorationDate, prorationToken } });

/** What changing to `packageId` costs now, prorated with VAT, before the member confirms. */
export const previewPlanChange = (packageId: string) =>
  fetchEndpoint(endpoints.previewPlanChange, { query: { packageId } });

/**
 * Runs one of the membership changes above; afterwards the profile (badge, membership), the
 * checkout's "already purchased" and Payment History are read again.
 */
export function useMembershipChange() {
  const { refreshProfile } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: () => Promise<MembershipChanged>) => change(),
    onSuccess: () =>
      Promise.all([
        refreshProfile(),
        queryClient.invalidateQueries({ queryKey: queryKeys.purchases }),
        queryClient.invalidateQueries({ queryKey: queryKeys.paymentHistory }),
      ]),
  });
}
