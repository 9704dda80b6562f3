import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { HallOptions } from '@/domain/halls/hall-options';
import { useHalls } from '@/domain/halls/halls';
import { useInsights } from '../api/insights';
import { Exports } from '../components/exports';
import { HallsChart } from '../components/hall-charts';
import { LeaveChart } from '../components/leave-chart';
import { BusiestSlotsChart, MealsChart, MealStandingsChart, NoShowChart } from '../components/meal-charts';
import { GainedLostChart, MembersChart, RevenueChart } from '../components/money-charts';
import { RangeSelector } from '../components/range-selector';
import { ComplaintsChart, LowestRatedChart, SlotRatingsChart } from '../components/satisfaction-charts';
import { choiceOf, rangeFromSearch, searchForRange } from '../range';

/**
 * How the hostel is doing over a range of months: money, members and meals as charts (each
 * with its finding in words, a table and a CSV), and the accounts' exports. With several
 * halls, the whole page may be one hall's (`?hall=`, ADR 72). Admins only.
 */
export function InsightsPage() {
  const [params, setParams] = useSearchParams();
  const { range, unreadable } = rangeFromSearch(params);
  const halls = useHalls();
  const hallList = halls.data?.halls ?? [];
  const asked = params.get('hall') ?? '';
  // A hall the hostel does not have (an old link) shows every hall, once the halls are known.
  const shown = hallList.find((each) => each._id === asked);
  const hall = shown?._id;
  const insights = useInsights(range, hall, asked === '' || !halls.isPending);
  const showHall = (next: string) => setParams(searchForRange(choiceOf(range), next || undefined));

  return (
    <section>
      <PageTitle>Insights</PageTitle>
      {unreadable && (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The range in the address could not be read, so the last 12 months are shown.
        </p>
      )}
      {asked !== '' && halls.isSuccess && !shown && (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The hall in the address is not one of the hostel’s, so every hall is shown.
        </p>
      )}
      {hallList.length > 1 && (
        <label className="mb-4 flex flex-wrap items-center gap-2 text-sm font-semibold text-stone-700">
          Hall
          <select className="input w-auto" value={hall ?? ''} onChange={(event) => showHall(event.target.value)}>
            <HallOptions blank="Every hall" halls={hallList} />
          </select>
        </label>
      )}
      <RangeSelector
        // A new range from the address (back, forward) starts the custom fields afresh.
        key={`${range.choice}:${range.from}:${range.to}`}
        range={range}
        onPreset={(preset) => setParams(searchForRange({ choice: preset }, hall))}
        onCustom={(custom) => setParams(searchForRange({ choice: 'custom', ...custom }, hall))}
      />
      {shown && (
        <p className="mb-4 text-sm text-stone-600">
          {shown.name}’s reservations, meals, ratings and its members’ payments. Members, complaints and meals’ likes
          are the hostel’s.
        </p>
      )}
      <Exports range={range} hall={shown} />
      {insights.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading insights" />
        </div>
      ) : insights.isError ? (
        <ErrorState
          title="Insights could not be loaded"
          error={insights.error}
          onRetry={() => void insights.refetch()}
        />
      ) : (
        <div className="grid gap-6" aria-busy={insights.isPlaceholderData}>
          <RevenueChart insights={insights.data} />
          <div className="grid gap-6 xl:grid-cols-2">
            <MembersChart insights={insights.data} />
            <GainedLostChart insights={insights.data} />
          </div>
          <MealsChart insights={insights.data} />
          {insights.data.halls.length > 1 && <HallsChart insights={insights.data} />}
          <div className="grid gap-6 xl:grid-cols-2">
            <NoShowChart insights={insights.data} />
            <BusiestSlotsChart insights={insights.data} />
          </div>
          <MealStandingsChart insights={insights.data} />
          <LeaveChart insights={insights.data} />
          <h2 className="mt-4 text-xl font-semibold text-stone-900">Satisfaction</h2>
          <div className="grid gap-6 xl:grid-cols-2">
            <SlotRatingsChart insights={insights.data} />
            <LowestRatedChart insights={insights.data} />
          </div>
          <ComplaintsChart insights={insights.data} />
        </div>
      )}
    </section>
  );
}
