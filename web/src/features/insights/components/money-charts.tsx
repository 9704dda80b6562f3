// The Insights page's charts of money and members: revenue, members by tier, joined and left.
import type { ReactNode } from 'react';
import { badges, type Insights, type MembersMonth, type RevenueMonth } from '@hostelhub/contracts';
import { useNow } from '@/hooks/use-now';
import { formatCents } from '@/lib/format';
import { gainedLostFinding, hasPayments, membersAt, membersFinding, revenueFinding } from '../findings';
import { BarChart, seriesColours, type BarSeries } from './bar-chart';
import { ChartCard, type ChartColumn } from './chart-card';
import { csvFileName, formatMonthShort } from '../format';
import { hostelMonth } from '../range';

/** Cents as the CSV's plain amount: 123456 -> "1234.56". */
const csvAmount = (cents: number) => (cents / 100).toFixed(2);

// Whole dollars on the axis: "$1,200.00" would crowd it.
const formatAxisDollars = (cents: number) => formatCents(cents).replace(/\.00$/, '');

type MonthsChartProps<Row extends { month: string }> = {
  insights: Insights;
  title: string;
  finding: string;
  emptyMessage: string | null;
  /** The CSV file's name, before the range. */
  csvName: string;
  rows: Row[];
  /** The columns after the month, which comes first. */
  columns: ChartColumn<Row>[];
  layout: 'stacked' | 'grouped';
  series: BarSeries[];
  /** The bars of one month, in the order of `series`. */
  values: (row: Row) => number[];
  /** How the axis writes money; absent for counts, which step by whole numbers. */
  formatValue?: (value: number) => string;
  children?: ReactNode;
};

/** A chart of the range's months, one category a month: the month leads its table too. */
function MonthsChart<Row extends { month: string }>({
  insights,
  title,
  finding,
  emptyMessage,
  csvName,
  rows,
  columns,
  layout,
  series,
  values,
  formatValue,
  children,
}: MonthsChartProps<Row>) {
  return (
    <ChartCard
      title={title}
      finding={finding}
      emptyMessage={emptyMessage}
      rows={rows}
      columns={[{ header: 'Month', value: (row) => row.month, text: (row) => formatMonthShort(row.month) }, ...columns]}
      rowKey={(row) => row.month}
      fileName={csvFileName(csvName, insights)}
    >
      <BarChart
        label={finding}
        layout={layout}
        categories={rows.map(({ month }) => ({ key: month, label: formatMonthShort(month) }))}
        series={series}
        values={rows.map(values)}
        formatValue={formatValue ?? String}
        wholeNumbers={formatValue === undefined}
      />
      {children}
    </ChartCard>
  );
}

const revenueColumns: ChartColumn<RevenueMonth>[] = [
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
  return (
    <MonthsChart
      insights={insights}
      title="Revenue by month"
      finding={finding}
      emptyMessage={hasPayments(insights.revenue) ? null : 'No payments in this range'}
      csvName="revenue"
      rows={insights.revenue}
      columns={revenueColumns}
      layout="stacked"
      series={[
        { key: 'net', label: 'Net of tax', colour: seriesColours[0] },
        { key: 'tax', label: 'Tax', colour: seriesColours[1] },
      ]}
      values={(month) => [month.netCents - month.taxCents, month.taxCents]}
      formatValue={formatAxisDollars}
    >
      <p className="mt-1 text-sm text-stone-600">Paid invoices and one-off payments, net of refunds.</p>
    </MonthsChart>
  );
}

/** The paid tiers the range has members in, in the catalog's order. */
const tiersIn = (members: MembersMonth[]) =>
  badges.filter((tier) => members.some((month) => (month.byTier[tier] ?? 0) > 0));

/** Members per tier at each month's end, stacked. */
export function MembersChart({ insights }: { insights: Insights }) {
  const tiers = tiersIn(insights.members);
  return (
    <MonthsChart
      insights={insights}
      title="Members by tier"
      finding={membersFinding(insights.members)}
      emptyMessage={tiers.length > 0 ? null : 'No members in this range'}
      csvName="members-by-tier"
      rows={insights.members}
      columns={[
        ...tiers.map((tier) => ({ header: tier, value: (row: MembersMonth) => row.byTier[tier] ?? 0 })),
        { header: 'Total', value: (row) => membersAt(row) },
      ]}
      layout="stacked"
      series={tiers.map((tier, index) => ({
        key: tier,
        label: tier,
        colour: seriesColours[(index + 2) % seriesColours.length]!,
      }))}
      values={(month) => tiers.map((tier) => month.byTier[tier] ?? 0)}
    />
  );
}

const gainedLostColumns: ChartColumn<MembersMonth>[] = [
  { header: 'Joined', value: (row) => row.gained },
  { header: 'Left', value: (row) => row.lost },
];

/** Members who joined and who left in each month, side by side. */
export function GainedLostChart({ insights }: { insights: Insights }) {
  const moved = insights.members.some((month) => month.gained > 0 || month.lost > 0);
  return (
    <MonthsChart
      insights={insights}
      title="Members joined and left"
      finding={gainedLostFinding(insights.members)}
      emptyMessage={moved ? null : 'No members joined or left in this range'}
      csvName="members-joined-left"
      rows={insights.members}
      columns={gainedLostColumns}
      layout="grouped"
      series={[
        { key: 'gained', label: 'Joined', colour: seriesColours[3] },
        { key: 'lost', label: 'Left', colour: seriesColours[2] },
      ]}
      values={(month) => [month.gained, month.lost]}
    />
  );
}
