// The Insights page's charts of money and members: revenue, members by tier, joined and left.
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

const monthCategories = (months: { month: string }[]) =>
  months.map(({ month }) => ({ key: month, label: formatMonthShort(month) }));

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
      fileName={csvFileName('revenue', insights)}
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
      fileName={csvFileName('members-by-tier', insights)}
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
      fileName={csvFileName('members-joined-left', insights)}
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
