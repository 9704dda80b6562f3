import { apiRequest } from '@/lib/api-client';
import type { MembershipChanged } from '@hostelhub/contracts';

export { changePlan, previewPlanChange, useMembershipChange } from '@/lib/membership-changes';

const post = async (path: string) => (await apiRequest<MembershipChanged>(path, { method: 'POST' })).data;

/** Cancel at the end of the paid period. */
export const cancelMembership = () => post('/subscription/cancel');
/** Take a cancellation back before the period ends: the membership renews again. */
export const resumeMembership = () => post('/subscription/resume');
