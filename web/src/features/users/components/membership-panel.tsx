import { useState } from 'react';
import { Link } from 'react-router';
import {
  isMember,
  membershipGraceDays,
  type Membership,
  type MembershipChanged,
  type MembershipPackage,
} from '@hostelhub/contracts';
import { useSession } from '@/lib/auth';
import { confirmAction, reportActionError, showSuccess } from '@/lib/dialogs';
import { formatCents, formatDate, formatPrice } from '@/lib/format';
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

/** Where the membership stands, in the member's words: a status and the date that matters. */
function standing(membership: Membership, member: boolean): { status: string; date: string } {
  const end = formatDate(membership.currentPeriodEnd);
  if (!member) return { status: 'Ended', date: `Ended on ${end}` };
  if (membership.status === 'past_due') return { status: 'Payment failed', date: `Paid until ${end}` };
  // A one-off payment (before subscriptions) bought one month that does not renew.
  if (membership.subscriptionId === null) return { status: 'Paid once', date: `Ends on ${end}` };
  if (membership.cancelAtPeriodEnd || membership.status === 'canceled')
    return { status: 'Cancelled', date: `Ends on ${end}` };
  return { status: 'Active', date: `Renews on ${end}` };
}

/**
 * My Profile's membership: plan, status, next renewal or end date, and Cancel (at period
 * end), Resume and Change plan, each confirmed first. The server decides and answers; the
 * panel shows the profile it then reads again.
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
  const { status, date } = standing(membership, member);
  // One-off payments (before subscriptions) and ended memberships have nothing to manage.
  const manageable = member && membership.subscriptionId !== null && membership.status !== 'canceled';

  async function run(action: () => Promise<MembershipChanged>, done: () => Promise<void>) {
    try {
      await change.mutateAsync(action);
      await done();
    } catch (error) {
      await reportActionError(error);
    }
  }

  async function cancel() {
    const end = formatDate(membership!.currentPeriodEnd);
    const confirmed = await confirmAction(
      'Cancel your membership?',
      `You keep your ${membership!.packageName} benefits until ${end}; it will not renew after that.`,
      'Yes, cancel',
    );
    if (!confirmed) return;
    await run(cancelMembership, () => showSuccess('Membership cancelled', `It ends on ${end}.`));
  }

  const resume = () =>
    run(resumeMembership, () =>
      showSuccess('Membership resumed', `It renews on ${formatDate(membership.currentPeriodEnd)}.`),
    );

  async function switchTo(pack: MembershipPackage) {
    let preview;
    try {
      preview = await previewPlanChange(pack._id);
    } catch (error) {
      return reportActionError(error);
    }
    const now =
      preview.prorationInCents >= 0
        ? `You pay ${formatCents(preview.prorationInCents)} now (VAT included) for the rest of this period`
        : `You get ${formatCents(-preview.prorationInCents)} credit towards your next payments`;
    const confirmed = await confirmAction(
      `Change to ${preview.packageName}?`,
      `${now}, then ${formatPrice(preview.price)} a month plus VAT from ${formatDate(preview.currentPeriodEnd)}.`,
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
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-stone-800">
        <dt className="font-medium text-stone-500">Plan</dt>
        <dd>{membership.packageName}</dd>
        <dt className="font-medium text-stone-500">Status</dt>
        <dd>{status}</dd>
        <dt className="font-medium text-stone-500">{member ? 'Next' : 'Ended'}</dt>
        <dd>{date}</dd>
      </dl>
      {member && membership.status === 'past_due' && (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Your last renewal payment failed. Your card will be tried again; unless a payment goes through, your benefits
          end on{' '}
          {formatDate(new Date(Date.parse(membership.currentPeriodEnd) + membershipGraceDays * dayMs).toISOString())}.
        </p>
      )}
      {manageable && (
        <div className="mt-4 flex flex-wrap gap-3">
          {membership.cancelAtPeriodEnd ? (
            <button type="button" className={buttonClass} disabled={change.isPending} onClick={resume}>
              Resume
            </button>
          ) : (
            <>
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
            </>
          )}
        </div>
      )}
      {manageable && choosing && !membership.cancelAtPeriodEnd && (
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
