import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import type { MembershipChanged, PlanChangePreview } from '@hostelhub/contracts';

const post = async (path: string, body?: unknown) =>
  (await apiRequest<MembershipChanged>(path, { method: 'POST', ...(body === undefined ? {} : { body }) })).data;

/** Cancel at the end of the paid period. */
export const cancelMembership = () => post('/subscription/cancel');
/** Take a cancellation back before the period ends. */
export const resumeMembership = () => post('/subscription/resume');
/**
 * Change to the previewed plan at the preview's proration date, sending back the preview's
 * token: the server accepts only a date it issued, for a few minutes, so the charge is the one
 * shown (a preview left open too long is refused with a 409 that says to look again).
 */
export const changePlan = ({ packageId, prorationDate, prorationToken }: PlanChangePreview) =>
  post('/subscription/change', { packageId, prorationDate, prorationToken });

/** What changing to `packageId` costs now, prorated with VAT, before the member confirms. */
export const previewPlanChange = async (packageId: string) =>
  (await apiRequest<PlanChangePreview>(`/subscription/change-preview?packageId=${encodeURIComponent(packageId)}`)).data;

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
