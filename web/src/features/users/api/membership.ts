import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';

export { changePlan, previewPlanChange, useMembershipChange } from '@/lib/membership-changes';

/** Cancel at the end of the paid period. */
export const cancelMembership = () => fetchEndpoint(routes.cancelSubscription);
/** Take a cancellation back before the period ends: the membership renews again. */
export const resumeMembership = () => fetchEndpoint(routes.resumeSubscription);
