import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { defaultHostelTimeZone, isMember } from '@hostelhub/contracts';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useNow } from '@/hooks/use-now';
import { useSession } from '@/lib/auth';
import { useHostelTimeZone } from '@/lib/menu-query';
import { packagesQueryOptions } from '@/lib/packages-query';
import { rowsOf } from '@/lib/paged-list';
import { paths } from '@/lib/paths';
import { plansRedirectState } from '@/lib/plans-redirect';
import { hostelToday } from '@/lib/serving-format';
import { useMyLeaves } from '../api/leave';
import { ApplyLeaveForm } from '../components/apply-leave-form';
import { LeaveRulesCard } from '../components/leave-rules';
import { MyLeaveList } from '../components/my-leave-list';

/**
 * My Leave (ADR 74): the hostel's rules in words and the days left this month and next, the
 * form to apply (showing the days and the credit it would earn), and the member's leaves,
 * each pending or approved one cancellable until it starts.
 */
export function MyLeavePage() {
  const { profile } = useSession();
  // GET /leaves answers an admin with every member's leave: theirs is the Leave Queue.
  if (profile?.role === 'admin') {
    return (
      <section className="space-y-6">
        <PageTitle>My Leave</PageTitle>
        <p className="text-sm text-stone-700">
          Members apply for leave here. Their leave is in the{' '}
          <Link to={paths.dashboard.leaveQueue} className="font-semibold text-orange-700 underline">
            Leave Queue
          </Link>
          , and its rules in{' '}
          <Link to={paths.dashboard.mealSettings} className="font-semibold text-orange-700 underline">
            Meal Settings
          </Link>
          .
        </p>
      </section>
    );
  }
  return <MemberLeave />;
}

function MemberLeave() {
  const { profile } = useSession();
  const leaves = useMyLeaves();
  const timeZone = useHostelTimeZone() ?? defaultHostelTimeZone;
  const now = useNow(60_000);
  const today = hostelToday(timeZone, now);
  const rules = leaves.data?.pages[0]?.rules;
  const member = isMember(profile, now);
  const packageId = member ? profile?.membership?.packageId : undefined;
  // The plan's price is needed only where the credit is a share of it.
  const packages = useQuery({
    ...packagesQueryOptions(),
    enabled: packageId !== undefined && rules !== undefined && rules.creditSharePercent !== null,
  });
  const plan = packages.data?.find((each) => each._id === packageId);
  const planMonthlyCents = plan ? Math.round(plan.price * 100) : null;
  const rows = rowsOf(leaves.data);

  return (
    <section className="space-y-6">
      <PageTitle>My Leave</PageTitle>
      <p className="-mt-2 max-w-2xl text-sm text-stone-600">
        Leave is whole days away from the hostel’s meals: you are not counted for any meal on those days, and the rules
        may credit them to your next invoice.
      </p>
      {leaves.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading your leave" />
        </div>
      ) : leaves.isError ? (
        <ErrorState title="Your leave could not be loaded" error={leaves.error} onRetry={() => void leaves.refetch()} />
      ) : (
        <>
          {rules && <LeaveRulesCard rules={rules} daysLeft={leaves.data.pages[0]?.daysLeft ?? {}} today={today} />}
          {rules && member ? (
            <ApplyLeaveForm rules={rules} today={today} planMonthlyCents={planMonthlyCents} />
          ) : (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Leave is for members:{' '}
              <Link to={paths.home} state={plansRedirectState()} className="font-semibold underline">
                choose a package on the home page
              </Link>{' '}
              to apply.
            </p>
          )}
          <div>
            <h2 className="mb-3 text-lg font-semibold text-stone-900">Your leave</h2>
            {rows.length === 0 ? (
              <EmptyState title="You have not applied for leave." />
            ) : (
              <>
                <MyLeaveList leaves={rows} today={today} />
                <LoadMore
                  hasNextPage={leaves.hasNextPage}
                  isFetchingNextPage={leaves.isFetchingNextPage}
                  fetchNextPage={() => void leaves.fetchNextPage()}
                />
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
