import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { planChangePreviewLifetimeSeconds, type Membership } from '@hostelhub/contracts';
import { reportActionError, showSuccess } from '@/lib/dialogs';
import { changePlan, describePlanChange, previewPlanChange, useMembershipChange } from '@/lib/membership-changes';
import { queryKeys } from '@/lib/query-keys';
import type { CheckoutPackage } from '../api/checkout-api';

type PlanChangePanelProps = {
  uid: string;
  plan: CheckoutPackage;
  /** The member's current membership, of another plan. */
  current: Membership;
  onChanged: () => Promise<void> | void;
};

/**
 * A member opening another plan's checkout changes plan rather than subscribing again: the
 * panel shows what the change costs now and from the next renewal (the server's preview, in
 * the words My Profile uses) before the member confirms it with one press.
 */
export function PlanChangePanel({ uid, plan, current, onChanged }: PlanChangePanelProps) {
  const preview = useQuery({
    queryKey: queryKeys.planChangePreview(uid, plan._id),
    queryFn: () => previewPlanChange(plan._id),
    // The preview's signed date is accepted for a few minutes: look again before it lapses.
    staleTime: 0,
    refetchInterval: (planChangePreviewLifetimeSeconds - 30) * 1000,
    retry: false,
  });
  const change = useMembershipChange();

  async function confirm() {
    if (!preview.data) return;
    try {
      await change.mutateAsync(() => changePlan(preview.data));
    } catch (error) {
      await reportActionError(error);
      // A preview that lapsed meanwhile is refused (409): show the current price.
      await preview.refetch();
      return;
    }
    await onChanged();
    await showSuccess('Plan changed', `You are now a ${plan.name} member.`);
  }

  return (
    <div data-testid="plan-change" className="space-y-3 text-sm text-stone-800">
      <p>
        You are a {current.packageName} member. Changing to {plan.name} replaces your {current.packageName} plan; you
        are not subscribed twice.
      </p>
      {preview.isPending && <p role="status">Working out the price of the change…</p>}
      {preview.isError && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {preview.error.message}
        </p>
      )}
      {preview.data && (
        <p className="rounded-md bg-orange-50 px-3 py-2 font-semibold" data-testid="plan-change-wording">
          {describePlanChange(preview.data)}
        </p>
      )}
      <button
        type="button"
        className="btn-primary w-full py-3"
        disabled={!preview.data || change.isPending}
        onClick={confirm}
      >
        {change.isPending ? 'Changing…' : `Change to ${plan.name}`}
      </button>
      <p className="text-xs text-stone-600">
        You can also change or cancel your plan on{' '}
        <Link to="/dashboard/my-profile" className="font-semibold text-orange-700 underline">
          My Profile
        </Link>
        .
      </p>
    </div>
  );
}
