// The Insights page's comparison of the halls (ADR 72), shown once the hostel has several: each
// hall's reservations and what became of them, with the total.
import type { HallMeals, Insights } from '@hostelhub/contracts';
import { hallsFinding } from '../findings';
import { csvFileName } from '../format';
import { BarChart } from './bar-chart';
import { outcomeColumns, outcomeSeries, outcomeValues } from './meal-charts';
import { ChartCard, type ChartColumn } from './chart-card';

const outcomes = ['reserved', 'served', 'cancelled', 'notCollected'] as const;

const hallColumns: ChartColumn<HallMeals>[] = [
  { header: 'Hall', value: (row) => row.name },
  ...outcomeColumns<HallMeals>(),
];

/** The halls side by side: served, cancelled and not collected, and a total row in the table. */
export function HallsChart({ insights }: { insights: Insights }) {
  const { halls } = insights;
  const total: HallMeals = {
    hallId: '',
    name: 'Total',
    ...Object.fromEntries(outcomes.map((outcome) => [outcome, halls.reduce((sum, hall) => sum + hall[outcome], 0)])),
  } as HallMeals;
  const finding = hallsFinding(halls);
  return (
    <ChartCard
      title="Meals by hall"
      finding={finding}
      emptyMessage={total.reserved > 0 ? null : 'No reservations at any hall in this range'}
      rows={[...halls, total]}
      columns={hallColumns}
      rowKey={(row) => row.hallId || 'total'}
      fileName={csvFileName('meals-by-hall', insights)}
    >
      <BarChart
        label={finding}
        layout="stacked"
        categories={halls.map((hall) => ({ key: hall.hallId, label: hall.name }))}
        series={outcomeSeries}
        values={halls.map(outcomeValues)}
        formatValue={String}
        wholeNumbers
      />
    </ChartCard>
  );
}
