// The Insights page's chart of leave (ADR 74): the days members were away on approved leave
// each month, with the credit those leaves earned in its table.
import type { Insights, LeaveMonth } from '@hostelhub/contracts';
import { formatCents, formatCount } from '@/lib/format';
import { BarChart, seriesColours } from './bar-chart';
import { ChartCard, type ChartColumn } from './chart-card';
import { csvFileName, formatMonth, formatMonthShort } from '../format';

const columns: ChartColumn<LeaveMonth>[] = [
  { header: 'Month', value: (row) => row.month, text: (row) => formatMonthShort(row.month) },
  { header: 'Days on leave', value: (row) => row.days },
  {
    header: 'Credit',
    value: (row) => (row.creditCents / 100).toFixed(2),
    text: (row) => formatCents(row.creditCents),
  },
];

/** "19 days of leave from October 2026 to November 2026, earning $76.00 of credit". */
export function leaveFinding(leave: LeaveMonth[]): string {
  const away = leave.filter((month) => month.days > 0 || month.creditCents > 0);
  const first = away[0];
  const last = away.at(-1);
  if (!first || !last) return 'No leave in this range';
  const days = away.reduce((total, month) => total + month.days, 0);
  const credit = away.reduce((total, month) => total + month.creditCents, 0);
  const span =
    first === last
      ? `in ${formatMonth(first.month)}`
      : `from ${formatMonth(first.month)} to ${formatMonth(last.month)}`;
  const earning = credit > 0 ? `, earning ${formatCents(credit)} of credit` : '';
  return `${formatCount(days, 'day')} of leave ${span}${earning}`;
}

/** Days of approved leave per month; the credit they earned is in the table and the CSV. */
export function LeaveChart({ insights }: { insights: Insights }) {
  const rows = insights.leave;
  const finding = leaveFinding(rows);
  const any = rows.some((month) => month.days > 0 || month.creditCents > 0);
  return (
    <ChartCard
      title="Leave by month"
      finding={finding}
      emptyMessage={any ? null : 'No leave in this range'}
      rows={rows}
      columns={columns}
      rowKey={(row) => row.month}
      fileName={csvFileName('leave', insights)}
    >
      <BarChart
        label={finding}
        layout="grouped"
        categories={rows.map(({ month }) => ({ key: month, label: formatMonthShort(month) }))}
        series={[{ key: 'days', label: 'Days on leave', colour: seriesColours[1] }]}
        values={rows.map((month) => [month.days])}
        formatValue={String}
        wholeNumbers
      />
      <p className="mt-1 text-sm text-stone-600">
        Days members were away on approved leave, and the credit those leaves earned off their invoices.
      </p>
    </ChartCard>
  );
}
