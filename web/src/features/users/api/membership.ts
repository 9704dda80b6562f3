import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';

export { changePlan, previewPlanChange, useMembershipChange } from '@/lib/membership-changes';

/** Cancel at the end of the paid period. */
export const cancelMembership = () => fetchEndpoint(endpoints.cancelSubscription);
/** Take a cancellation back before the period ends: the membership renews again. */
export const resumeMembership = () => fetchEndpoint(endpoints.resumeSubscription);
