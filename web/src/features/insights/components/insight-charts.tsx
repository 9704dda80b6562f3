// The Insights page's charts: each one's picture, finding, table columns and empty state.
import { useState } from 'react';
import {
  badges,
  mealSlotLabels,
  mealSlots,
  type BusySlot,
  type Insights,
  type MealStanding,
  type MembersMonth,
  type RevenueMonth,
  type SlotNoShow,
} from '@hostelhub/contracts';
import { RadioChoices } from '@/components/choice-options';
import { useNow } from '@/hooks/use-now';
import { formatCents, formatRating } from '@/lib/format';
import { formatDayShort } from '@/lib/serving-format';
import {
  busiestFinding,
  gainedLostFinding,
  hasPayments,
  mealMetricLabels,
  mealMetrics,
  mealsFinding,
  mealStandingFinding,
  mealTotals,
  membersAt,
  membersFinding,
  noShowFinding,
  revenueFinding,
  slotsWithEndedServings,
  standingText,
  weekdayName,
  type MealMetric,
} from '../findings';
import { BarChart, RankedBars, seriesColours, type BarSeries } from './bar-chart';
import { ChartCard, type ChartColumn } from './chart-card';
import { formatMonthShort, formatPercent } from '../format';
import { hostelMonth } from '../range';

/** Cents as the CSV's plain amount: 123456 -> "1234.56". */
const csvAmount = (cents: number) => (cents / 100).toFixed(2);

const monthCategories = (months: { month: string }[]) =>
  months.map(({ month }) => ({ key: month, label: formatMonthShort(month) }));

const fileFor = (name: string, insights: Insights) => `${name}-${insights.from}-to-${insights.to}.csv`;

// Whole dollars on the axis: "$1,200.00" would crowd it.
const formatAxisDollars = (cents: number) => formatCents(cents).replace(/\.00$/, '');

const revenueColumns: ChartColumn<RevenueMonth>[] = [
  { header: 'Month', value: (row) => row.month, text: (row) => formatMonthShort(row.month) },
  { header: 'Net revenue', value: (row) => csvAmount(row.netCents), text: (row) => formatCents(row.netCents) },
  { header: 'Of which tax', value: (row) => csvAmount(row.taxCents), text: (row) => formatCents(row.taxCents) },
  { header: 'Gross', value: (row) => csvAmount(row.grossCents), text: (row) => formatCents(row.grossCents) },
  { header: 'Refunded', value: (row) => csvAmount(row.refundedCents), text: (row) => formatCents(row.refundedCents) },
  { header: 'Payments', value: (row) => row.payments },
];

/** Net revenue per month, the tax inside it shown apart (stacked on the rest). */
export function RevenueChart({ insights }: { insights: Insights }) {
  // Which month is under way: re-read hourly, so a page left open past midnight on the 1st follows.
  const now = useNow(3_600_000);
  const finding = revenueFinding(insights.revenue, hostelMonth(now, insights.timeZone));
  const series: BarSeries[] = [
    { key: 'net', label: 'Net of tax', colour: seriesColours[0] },
    { key: 'tax', label: 'Tax', colour: seriesColours[1] },
  ];
  return (
    <ChartCard
      title="Revenue by month"
      finding={finding}
      emptyMessage={hasPayments(insights.revenue) ? null : 'No payments in this range'}
      rows={insights.revenue}
      columns={revenueColumns}
      rowKey={(row) => row.month}
      fileName={fileFor('revenue', insights)}
    >
      <BarChart
        label={finding}
        layout="stacked"
        categories={monthCategories(insights.revenue)}
        series={series}
        values={insights.revenue.map((month) => [month.netCents - month.taxCents, month.taxCents])}
        formatValue={formatAxisDollars}
      />
      <p className="mt-1 text-sm text-stone-600">Paid invoices and one-off payments, net of refunds.</p>
    </ChartCard>
  );
}

/** The paid tiers the range has members in, in the catalog's order. */
const tiersIn = (members: MembersMonth[]) =>
  badges.filter((tier) => members.some((month) => (month.byTier[tier] ?? 0) > 0));

/** Members per tier at each month's end, stacked. */
export function MembersChart({ insights }: { insights: Insights }) {
  const tiers = tiersIn(insights.members);
  const finding = membersFinding(insights.members);
  const columns: ChartColumn<MembersMonth>[] = [
    { header: 'Month', value: (row) => row.month, text: (row) => formatMonthShort(row.month) },
    ...tiers.map((tier) => ({ header: tier, value: (row: MembersMonth) => row.byTier[tier] ?? 0 })),
    { header: 'Total', value: (row) => membersAt(row) },
  ];
  return (
    <ChartCard
      title="Members by tier"
      finding={finding}
      emptyMessage={tiers.length > 0 ? null : 'No members in this range'}
      rows={insights.members}
      columns={columns}
      rowKey={(row) => row.month}
      fileName={fileFor('members-by-tier', insights)}
    >
      <BarChart
        label={finding}
        layout="stacked"
        categories={monthCategories(insights.members)}
        series={tiers.map((tier, index) => ({
          key: tier,
          label: tier,
          colour: seriesColours[(index + 2) % seriesColours.length]!,
        }))}
        values={insights.members.map((month) => tiers.map((tier) => month.byTier[tier] ?? 0))}
        formatValue={String}
        wholeNumbers
      />
    </ChartCard>
  );
}

const gainedLostColumns: ChartColumn<MembersMonth>[] = [
  { header: 'Month', value: (row) => row.month, text: (row) => formatMonthShort(row.month) },
  { header: 'Joined', value: (row) => row.gained },
  { header: 'Left', value: (row) => row.lost },
];

/** Members who joined and who left in each month, side by side. */
export function GainedLostChart({ insights }: { insights: Insights }) {
  const finding = gainedLostFinding(insights.members);
  const moved = insights.members.some((month) => month.gained > 0 || month.lost > 0);
  return (
    <ChartCard
      title="Members joined and left"
      finding={finding}
      emptyMessage={moved ? null : 'No members joined or left in this range'}
      rows={insights.members}
      columns={gainedLostColumns}
      rowKey={(row) => row.month}
      fileName={fileFor('members-joined-left', insights)}
    >
      <BarChart
        label={finding}
        layout="grouped"
        categories={monthCategories(insights.members)}
        series={[
          { key: 'gained', label: 'Joined', colour: seriesColours[3] },
          { key: 'lost', label: 'Left', colour: seriesColours[2] },
        ]}
        values={insights.members.map((month) => [month.gained, month.lost])}
        formatValue={String}
        wholeNumbers
      />
    </ChartCard>
  );
}

type MealsRow = Insights['meals'][number];

const mealsColumns: ChartColumn<MealsRow>[] = [
  { header: 'Day', value: (row) => row.date, text: (row) => formatDayShort(row.date) },
  { header: 'Requested', value: (row) => row.requested },
  { header: 'Reserved', value: (row) => row.reserved },
  { header: 'Served', value: (row) => row.served },
  { header: 'Cancelled', value: (row) => row.cancelled },
  { header: 'Not collected', value: (row) => row.notCollected },
];

/** Each day's requests by what became of them: served, cancelled, not collected. */
export function MealsChart({ insights }: { insights: Insights }) {
  const finding = mealsFinding(insights.meals);
  return (
    <ChartCard
      title="Meals per day"
      finding={finding}
      emptyMessage={mealTotals(insights.meals).requested > 0 ? null : 'No meal requests in this range'}
      rows={insights.meals}
      columns={mealsColumns}
      rowKey={(row) => row.date}
      fileName={fileFor('meals-per-day', insights)}
    >
      <BarChart
        label={finding}
        layout="stacked"
        categories={insights.meals.map((day) => ({ key: day.date, label: formatDayShort(day.date) }))}
        series={[
          { key: 'served', label: 'Served', colour: seriesColours[3] },
          { key: 'cancelled', label: 'Cancelled', colour: seriesColours[2] },
          { key: 'notCollected', label: 'Not collected', colour: seriesColours[0] },
        ]}
        values={insights.meals.map((day) => [day.served, day.cancelled, day.notCollected])}
        formatValue={String}
        wholeNumbers
      />
    </ChartCard>
  );
}

/** The rate as the CSV has it: a percentage with one decimal. */
const csvPercent = (share: number) => Math.round(share * 1000) / 10;

const noShowColumns: ChartColumn<SlotNoShow>[] = [
  { header: 'Slot', value: (row) => mealSlotLabels[row.slot] },
  { header: 'Served', value: (row) => row.served },
  { header: 'Not collected', value: (row) => row.notCollected },
  { header: 'No-show rate (%)', value: (row) => csvPercent(row.rate), text: (row) => formatPercent(row.rate) },
];

/** The share of each slot's reservations nobody collected. */
export function NoShowChart({ insights }: { insights: Insights }) {
  const finding = noShowFinding(insights.noShowBySlot);
  const ended = slotsWithEndedServings(insights.noShowBySlot);
  return (
    <ChartCard
      title="No-shows by slot"
      finding={finding}
      emptyMessage={ended.length > 0 ? null : 'No servings ended in this range'}
      rows={insights.noShowBySlot}
      columns={noShowColumns}
      rowKey={(row) => row.slot}
      fileName={fileFor('no-shows-by-slot', insights)}
    >
      <RankedBars
        label={finding}
        colour={seriesColours[0]}
        bars={ended.map((slot) => ({
          key: slot.slot,
          label: mealSlotLabels[slot.slot],
          value: slot.rate,
          text: `${formatPercent(slot.rate)} not collected (${slot.notCollected} of ${slot.served + slot.notCollected})`,
        }))}
      />
    </ChartCard>
  );
}

type StandingRow = MealStanding & { group: 'Top' | 'Bottom'; rank: number };

const standingColumns: ChartColumn<StandingRow>[] = [
  { header: 'Group', value: (row) => row.group },
  { header: 'Rank', value: (row) => row.rank },
  { header: 'Meal', value: (row) => row.title },
  { header: 'Requests', value: (row) => row.requests },
  { header: 'Likes', value: (row) => row.likes },
  { header: 'Rating', value: (row) => row.rating, text: (row) => (row.reviews > 0 ? formatRating(row.rating) : '–') },
  { header: 'Reviews', value: (row) => row.reviews },
];

const metricKey: Record<MealMetric, 'byRequests' | 'byLikes' | 'byRating'> = {
  requests: 'byRequests',
  likes: 'byLikes',
  rating: 'byRating',
};

/** The five most and least wanted meals, by requests, likes or rating. */
export function MealStandingsChart({ insights }: { insights: Insights }) {
  const [metric, setMetric] = useState<MealMetric>('requests');
  const top = insights.topMeals[metricKey[metric]];
  const bottom = insights.bottomMeals[metricKey[metric]];
  const finding = mealStandingFinding(top, bottom, metric);
  const rows: StandingRow[] = [
    ...top.map((meal, index) => ({ ...meal, group: 'Top' as const, rank: index + 1 })),
    ...bottom.map((meal, index) => ({ ...meal, group: 'Bottom' as const, rank: index + 1 })),
  ];
  const barsOf = (meals: MealStanding[]) =>
    meals.map((meal) => ({
      key: meal._id,
      label: meal.title,
      value: metric === 'rating' ? meal.rating : metric === 'likes' ? meal.likes : meal.requests,
      text: standingText(meal, metric),
    }));
  const anyMeal = insights.topMeals.byRequests.length > 0 || insights.topMeals.byLikes.length > 0;
  return (
    <ChartCard
      title="Top and bottom meals"
      finding={finding}
      emptyMessage={anyMeal ? null : 'No meals requested in this range'}
      rows={rows}
      columns={standingColumns}
      rowKey={(row) => `${row.group}-${row._id}`}
      fileName={fileFor(`meals-by-${metric}`, insights)}
      controls={
        <fieldset className="mb-4">
          <legend className="label mb-1">Rank by</legend>
          <div className="flex flex-wrap gap-4">
            <RadioChoices
              name="meal-metric"
              values={mealMetrics}
              labels={mealMetricLabels}
              checked={metric}
              onChoose={setMetric}
            />
          </div>
        </fieldset>
      }
    >
      {top.length === 0 ? (
        <p className="text-stone-600">No meals were reviewed in this range.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div>
            <h3 className="mb-2 font-semibold text-stone-800">Top {top.length}</h3>
            <RankedBars label={`Top meals by ${metric}`} colour={seriesColours[3]} bars={barsOf(top)} />
          </div>
          <div>
            <h3 className="mb-2 font-semibold text-stone-800">Bottom {bottom.length}</h3>
            <RankedBars label={`Bottom meals by ${metric}`} colour={seriesColours[2]} bars={barsOf(bottom)} />
          </div>
        </div>
      )}
    </ChartCard>
  );
}

const weekdays = [1, 2, 3, 4, 5, 6, 7];

/** Every weekday and slot of the week, zero where the answer has none, Monday breakfast first. */
function weekGrid(slots: BusySlot[]): BusySlot[] {
  const count = new Map(slots.map((slot) => [`${slot.weekday}-${slot.slot}`, slot.reservations]));
  return weekdays.flatMap((weekday) =>
    mealSlots.map((slot) => ({ weekday, slot, reservations: count.get(`${weekday}-${slot}`) ?? 0 })),
  );
}

const busyColumns: ChartColumn<BusySlot>[] = [
  { header: 'Day', value: (row) => weekdayName(row.weekday) },
  { header: 'Slot', value: (row) => mealSlotLabels[row.slot] },
  { header: 'Reservations', value: (row) => row.reservations },
];

// Five shades, lightest to darkest, each with dark text that keeps its contrast.
const heatShades = ['bg-stone-50', 'bg-orange-100', 'bg-orange-200', 'bg-orange-300', 'bg-orange-400'];

/** Reservations per weekday and slot: a week's grid, darker where it is busier. */
export function BusiestSlotsChart({ insights }: { insights: Insights }) {
  const grid = weekGrid(insights.busiestSlots);
  const finding = busiestFinding(grid);
  const highest = Math.max(...grid.map((cell) => cell.reservations), 0);
  const shade = (reservations: number) =>
    heatShades[highest > 0 ? Math.ceil((reservations / highest) * (heatShades.length - 1)) : 0];
  return (
    <ChartCard
      title="Busiest slots of the week"
      finding={finding}
      emptyMessage={highest > 0 ? null : 'No reservations in this range'}
      rows={grid}
      columns={busyColumns}
      rowKey={(row) => `${row.weekday}-${row.slot}`}
      fileName={fileFor('busiest-slots', insights)}
    >
      <div>
        <div role="img" aria-label={finding} className="grid grid-cols-[4.5rem_repeat(7,minmax(0,1fr))] gap-1 text-sm">
          <span />
          {weekdays.map((weekday) => (
            <span key={weekday} className="text-center font-semibold text-stone-700">
              {weekdayName(weekday).slice(0, 3)}
            </span>
          ))}
          {mealSlots.map((slot) => (
            <div key={slot} className="contents">
              <span className="self-center font-semibold text-stone-700">{mealSlotLabels[slot]}</span>
              {weekdays.map((weekday) => {
                const reservations = grid.find((cell) => cell.weekday === weekday && cell.slot === slot)!.reservations;
                return (
                  <span
                    key={weekday}
                    className={`rounded-md py-3 text-center font-medium text-stone-900 ${shade(reservations)}`}
                  >
                    {reservations}
                  </span>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </ChartCard>
  );
}
