import { isMember, quotaUsageText } from '@hostelhub/contracts';
import { useSession } from '@/lib/auth';
import { formatHostelDay } from '@/lib/format';
import { useRequestQuota } from '@/lib/request-quota';

/**
 * "2 of 3 requests used this week · Resets 23 Nov" (or "Unlimited meal requests"), for
 * a member: the API counts, from the package of the membership held now. Nothing for others.
 * The day is the hostel's, written as My Profile writes a renewal ("renews 15 Dec").
 */
export function RequestQuotaNote({ className = '' }: { className?: string }) {
  const { profile } = useSession();
  const member = isMember(profile, new Date());
  const quota = useRequestQuota(member);
  if (!member || !quota.data || quota.data.limit === 0) return null;
  const { data } = quota;
  return (
    <p className={`text-sm text-stone-600 ${className}`} data-testid="request-quota">
      <span className="font-medium text-stone-800">{quotaUsageText(data)}</span>
      {data.limit !== null && <> · Resets {formatHostelDay(data.resetsAt)}</>}
    </p>
  );
}
