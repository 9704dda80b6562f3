import { useState } from 'react';
import { Link } from 'react-router';
import { isMember, membershipGraceDays, type MembershipChanged, type MembershipPackage } from '@hostelhub/contracts';
import { useSession } from '@/lib/auth';
import { confirmAction, reportActionError, showSuccess } from '@/lib/dialogs';
import { formatHostelDay, formatMembership, formatPrice } from '@/lib/format';
import { describePlanChange } from '@/lib/membership-changes';
import { usePackages } from '@/lib/packages-query';
import { plansRedirectState } from '@/lib/plans-redirect';
import { paths } from '@/lib/paths';
import {
  cancelMembership,
  changePlan,
  previewPlanChange,
  resumeMembership,
  useMembershipChange,
} from '../api/membership';

const dayMs = 86_400_000;

/**
 * My Profile's membership, in the words Manage Users uses too (formatMembership: "Gold ·
 * renews 15 Dec"), with Cancel (at period end) and Change plan, each confirmed first, and a
 * one-press Renew for a membership set to end. The server decides and answers; the panel
 * shows the profile it then reads again.
 */
export function MembershipPanel() {
  const { profile } = useSession();
  const change = useMembershipChange();
  const [choosing, setChoosing] = useState(false);
  const membership = profile?.membership ?? null;

  if (!membership) {
    return (
      <section aria-label="Membership" className="mt-6 rounded-xl bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-stone-900">Membership</h2>
        <p className="mt-2 text-stone-600">
          No membership yet:{' '}
          <Link to={paths.home} state={plansRedirectState()} className="font-semibold text-orange-700 underline">
            choose a package on the home page
          </Link>
          .
        </p>
      </section>
    );
  }

  const member = isMember({ membership }, new Date());
  // One-off payments (before subscriptions) and ended memberships have nothing to manage.
  const manageable = member && membership.subscriptionId !== null && membership.status !== 'canceled';
  const ending = manageable && membership.cancelAtPeriodEnd;

  async function run(action: () => Promise<MembershipChanged>, done: () => Promise<void>) {
    try {
      await change.mutateAsync(action);
      await done();
    } catch (error) {
      await reportActionError(error);
    }
  }

  async function cancel() {
    const end = formatHostelDay(membership!.currentPeriodEnd);
    const confirmed = await confirmAction(
      'Cancel your membership?',
      `You keep your ${membership!.packageName} benefits until ${end}; it will not renew after that.`,
      'Yes, cancel',
    );
    if (!confirmed) return;
    await run(cancelMembership, () => showSuccess('Membership cancelled', `It ends on ${end}.`));
  }

  // One press, no confirmation: nothing is charged now, and Cancel takes it back again.
  const renew = () =>
    run(resumeMembership, () =>
      showSuccess(
        'Membership renewed',
        `${membership.packageName} renews on ${formatHostelDay(membership.currentPeriodEnd)}.`,
      ),
    );

  async function switchTo(pack: MembershipPackage) {
    let preview;
    try {
      preview = await previewPlanChange(pack._id);
    } catch (error) {
      return reportActionError(error);
    }
    const confirmed = await confirmAction(
      `Change to ${preview.packageName}?`,
      describePlanChange(preview),
      'Change plan',
    );
    if (!confirmed) return;
    await run(
      () => changePlan(preview),
      async () => {
        setChoosing(false);
        await showSuccess('Plan changed', `You are now a ${preview.packageName} member.`);
      },
    );
  }

  return (
    <section aria-label="Membership" className="mt-6 rounded-xl bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-stone-900">Membership</h2>
      <p className="mt-3 text-stone-800" data-testid="membership-summary">
        {formatMembership({ membership })}
      </p>
      {ending && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>
            Your {membership.packageName} membership ends on {formatHostelDay(membership.currentPeriodEnd)} and
            won&apos;t renew. Renew to keep it: nothing is charged until then.
          </p>
          <button type="button" className="btn-primary btn-sm" disabled={change.isPending} onClick={renew}>
            Renew {membership.packageName}
          </button>
        </div>
      )}
      {!member && (
        <p className="mt-3 text-sm text-stone-700">
          <Link
            to={`/checkout/${encodeURIComponent(membership.packageId)}`}
            className="font-semibold text-orange-700 underline"
          >
            Subscribe to {membership.packageName} again
          </Link>
        </p>
      )}
      {member && membership.status === 'past_due' && (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Your last renewal payment failed. Your card will be tried again; unless a payment goes through, your benefits
          end on{' '}
          {formatHostelDay(
            new Date(Date.parse(membership.currentPeriodEnd) + membershipGraceDays * dayMs).toISOString(),
          )}
          .
        </p>
      )}
      {manageable && !ending && (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className={buttonClass} disabled={change.isPending} onClick={cancel}>
            Cancel membership
          </button>
          <button
            type="button"
            className={buttonClass}
            aria-expanded={choosing}
            disabled={change.isPending || membership.status !== 'active'}
            onClick={() => setChoosing(!choosing)}
          >
            Change plan
          </button>
        </div>
      )}
      {manageable && choosing && !ending && (
        <OtherPlans current={membership.packageId} disabled={change.isPending} onChoose={switchTo} />
      )}
    </section>
  );
}

const buttonClass =
  'rounded-md border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-60';

function OtherPlans({
  current,
  disabled,
  onChoose,
}: {
  current: string;
  disabled: boolean;
  onChoose: (pack: MembershipPackage) => void;
}) {
  const packages = usePackages();
  const others = (packages.data ?? []).filter((pack) => pack._id !== current);
  return (
    <ul aria-label="Other plans" className="mt-4 grid gap-3 sm:grid-cols-2">
      {others.map((pack) => (
        <li key={pack._id} className="flex items-center justify-between gap-3 rounded-md border border-stone-200 p-3">
          <span>
            {pack.name}, {formatPrice(pack.price)} a month
          </span>
          <button type="button" className={buttonClass} disabled={disabled} onClick={() => onChoose(pack)}>
            Switch to {pack.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
