import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { formatCents, formatDate, formatPrice } from '@/lib/format';
import { queryKeys, refreshKey } from '@/lib/query-keys';
import { routes, type MembershipChanged, type PlanChangePreview } from '@hostelhub/contracts';

// A member's changes to their membership, for My Profile (cancel, resume, change plan) and
// for a member who opens another plan's checkout: both show the server's plan-change preview
// in the same words before the member confirms.

/**
 * Runs one membership change; afterwards the profile (badge, membership), the checkout's
 * "already purchased" and Payment History are read again.
 */
export function useMembershipChange() {
  const { refreshProfile } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: () => Promise<MembershipChanged>) => change(),
    onSuccess: () =>
      Promise.all([
        refreshProfile(),
        refreshKey(queryClient, queryKeys.purchases),
        refreshKey(queryClient, queryKeys.paymentHistory),
      ]),
  });
}

/** What changing to `packageId` costs now, prorated with VAT, before the member confirms. */
export const previewPlanChange = (packageId: string) =>
  fetchEndpoint(routes.previewPlanChange, { query: { packageId } });

/**
 * Change to the previewed plan at the preview's proration date, sending back the preview's
 * token: the server accepts only a date it issued, for a few minutes, so the charge is the one
 * shown (a preview left open too long is refused with a 409 that says to look again).
 */
export const changePlan = ({ packageId, prorationDate, prorationToken }: PlanChangePreview) =>
  fetchEndpoint(routes.changePlan, { body: { packageId, prorationDate, prorationToken } });

/** What the change means for the member's money, in the preview's own figures. */
export function describePlanChange(preview: PlanChangePreview): string {
  const now =
    preview.prorationInCents >= 0
      ? `You pay ${formatCents(preview.prorationInCents)} now (VAT included) for the rest of this period`
      : `You get ${formatCents(-preview.prorationInCents)} credit towards your next payments`;
  return `${now}, then ${formatPrice(preview.price)} a month plus VAT from ${formatDate(preview.currentPeriodEnd)}.`;
}
