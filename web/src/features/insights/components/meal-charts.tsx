// The Insights page's charts of meals: meals a day, no-shows, the meals' standings, busiest slots.
import { useState } from 'react';
import {
  mealSlotLabels,
  mealSlots,
  type BusySlot,
  type Insights,
  type MealStanding,
  type SlotNoShow,
} from '@hostelhub/contracts';
import { RadioChoices } from '@/components/choice-options';
import { formatRating } from '@/lib/format';
import { formatDayShort } from '@/lib/serving-format';
import {
  busiestFinding,
  mealMetricLabels,
  mealMetrics,
  mealsFinding,
  mealStandingFinding,
  mealTotals,
  noShowFinding,
  slotsWithEndedServings,
  standingText,
  weekdayName,
  type MealMetric,
} from '../findings';
import { BarChart, RankedBars, seriesColours } from './bar-chart';
import { ChartCard, type ChartColumn } from './chart-card';
import { csvFileName, formatPercent } from '../format';

type MealsRow = Insights['meals'][number];

type Outcomes = Pick<MealsRow, 'reserved' | 'served' | 'cancelled' | 'notCollected'>;

/** The columns of reservations and what became of them, for a day's row or a hall's. */
export const outcomeColumns = <Row extends Outcomes>(): ChartColumn<Row>[] => [
  { header: 'Reserved', value: (row) => row.reserved },
  { header: 'Served', value: (row) => row.served },
  { header: 'Cancelled', value: (row) => row.cancelled },
  { header: 'Not collected', value: (row) => row.notCollected },
];

/** The stacked bars of what became of reservations, and each row's values for them. */
export const outcomeSeries = [
  { key: 'served', label: 'Served', colour: seriesColours[3] },
  { key: 'cancelled', label: 'Cancelled', colour: seriesColours[2] },
  { key: 'notCollected', label: 'Not collected', colour: seriesColours[0] },
];
export const outcomeValues = (row: Outcomes) => [row.served, row.cancelled, row.notCollected];

const mealsColumns: ChartColumn<MealsRow>[] = [
  { header: 'Day', value: (row) => row.date, text: (row) => formatDayShort(row.date) },
  { header: 'Requested', value: (row) => row.requested },
  ...outcomeColumns<MealsRow>(),
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
      fileName={csvFileName('meals-per-day', insights)}
    >
      <BarChart
        label={finding}
        layout="stacked"
        categories={insights.meals.map((day) => ({ key: day.date, label: formatDayShort(day.date) }))}
        series={outcomeSeries}
        values={insights.meals.map(outcomeValues)}
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
      fileName={csvFileName('no-shows-by-slot', insights)}
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
      fileName={csvFileName(`meals-by-${metric}`, insights)}
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
      fileName={csvFileName('busiest-slots', insights)}
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
