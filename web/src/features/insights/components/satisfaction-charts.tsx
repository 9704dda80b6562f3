// Insights' satisfaction: ratings of the servings in the range per slot and per meal, the
// lowest-rated meals with their comments, and complaints by category and time to first answer.
import {
  complaintCategoryLabels,
  firstAnswerBucketLabels,
  mealSlotLabels,
  type Insights,
  type Satisfaction,
} from '@hostelhub/contracts';
import { formatRating } from '@/lib/format';
import { RankedBars, seriesColours, type RankedBar } from './bar-chart';
import { ChartCard, type ChartColumn } from './chart-card';
import { csvFileName } from '../format';

const ratingsText = (count: number) => `${count} rating${count === 1 ? '' : 's'}`;

type SlotRow = Satisfaction['bySlot'][number];
const slotColumns: ChartColumn<SlotRow>[] = [
  { header: 'Slot', value: (row) => row.slot, text: (row) => mealSlotLabels[row.slot] },
  {
    header: 'Average stars',
    value: (row) => row.average,
    text: (row) => (row.count > 0 ? formatRating(row.average) : '–'),
  },
  { header: 'Ratings', value: (row) => row.count },
];

/** The finding of the ratings per slot, in words. */
export function slotRatingFinding(rows: SlotRow[]): string {
  const rated = rows.filter((row) => row.count > 0);
  if (rated.length === 0) return 'No meal was rated in this range';
  const lowest = [...rated].sort((a, b) => a.average - b.average)[0]!;
  const total = rated.reduce((sum, row) => sum + row.count, 0);
  return `${mealSlotLabels[lowest.slot]} is rated lowest, ${formatRating(lowest.average)} of 5 (${ratingsText(total)} in all)`;
}

export function SlotRatingsChart({ insights }: { insights: Insights }) {
  const rows = insights.satisfaction.bySlot;
  const finding = slotRatingFinding(rows);
  return (
    <ChartCard
      title="Ratings by slot"
      finding={finding}
      emptyMessage={rows.some((row) => row.count > 0) ? null : 'No meal was rated in this range'}
      rows={rows}
      columns={slotColumns}
      rowKey={(row) => row.slot}
      fileName={csvFileName('ratings-by-slot', insights)}
    >
      <RankedBars
        label={finding}
        colour={seriesColours[0]}
        bars={rows
          .filter((row) => row.count > 0)
          .map((row) => ({
            key: row.slot,
            label: mealSlotLabels[row.slot],
            value: row.average,
            text: `${formatRating(row.average)} of 5 (${ratingsText(row.count)})`,
          }))}
      />
    </ChartCard>
  );
}

type LowRow = Satisfaction['lowestRated'][number];
const lowColumns: ChartColumn<LowRow>[] = [
  { header: 'Meal', value: (row) => row.title },
  { header: 'Average stars', value: (row) => row.average, text: (row) => formatRating(row.average) },
  { header: 'Ratings', value: (row) => row.count },
  {
    header: 'Latest comments',
    value: (row) => row.comments.join(' | '),
    text: (row) => row.comments.join(' · ') || '–',
  },
];

export function LowestRatedChart({ insights }: { insights: Insights }) {
  const rows = insights.satisfaction.lowestRated;
  const lowest = rows[0];
  const finding = lowest
    ? `${lowest.title} is the lowest-rated meal, ${formatRating(lowest.average)} of 5 (${ratingsText(lowest.count)})`
    : 'No meal was rated in this range';
  return (
    <ChartCard
      title="Lowest-rated meals"
      finding={finding}
      emptyMessage={rows.length > 0 ? null : 'No meal was rated in this range'}
      rows={rows}
      columns={lowColumns}
      rowKey={(row) => row.mealId}
      fileName={csvFileName('lowest-rated-meals', insights)}
    >
      <ol aria-label={finding} className="space-y-3">
        {rows.map((row) => (
          <li key={row.mealId} className="text-sm">
            <p className="font-medium text-stone-900">
              {row.title} · {formatRating(row.average)} of 5 ({ratingsText(row.count)})
            </p>
            {row.comments.length > 0 ? (
              <ul className="mt-1 list-disc space-y-1 pl-5 text-stone-700">
                {row.comments.map((comment, index) => (
                  <li key={index} className="break-words">
                    {comment}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-stone-600">No comments.</p>
            )}
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}

type CategoryRow = Satisfaction['complaintsByCategory'][number];
const categoryColumns: ChartColumn<CategoryRow>[] = [
  { header: 'Category', value: (row) => row.category, text: (row) => complaintCategoryLabels[row.category] },
  { header: 'Complaints', value: (row) => row.count },
];

type AnswerRow = Satisfaction['firstAnswer'][number];
const answerLabel = (bucket: AnswerRow['bucket']) =>
  bucket === 'unanswered' ? 'Not answered yet' : firstAnswerBucketLabels[bucket];
const answerColumns: ChartColumn<AnswerRow>[] = [
  { header: 'First answer', value: (row) => row.bucket, text: (row) => answerLabel(row.bucket) },
  { header: 'Complaints', value: (row) => row.count },
];

const durationText = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : minutes < 24 * 60
      ? `${Math.round(minutes / 60)} h`
      : `${Math.round(minutes / 1440)} d`;

/** A bar a row, as long as the row's count and labelled with it. */
const countBars = <Row extends { count: number }>(
  rows: Row[],
  key: (row: Row) => string,
  label: (row: Row) => string,
): RankedBar[] => rows.map((row) => ({ key: key(row), label: label(row), value: row.count, text: String(row.count) }));

export function ComplaintsChart({ insights }: { insights: Insights }) {
  const { complaintsByCategory, firstAnswer, averageMinutesToFirstAnswer } = insights.satisfaction;
  const total = complaintsByCategory.reduce((sum, row) => sum + row.count, 0);
  const top = [...complaintsByCategory].sort((a, b) => b.count - a.count)[0];
  const finding =
    total === 0 || !top
      ? 'No complaints in this range'
      : `${total} complaint${total === 1 ? '' : 's'}, most about ${complaintCategoryLabels[top.category].toLowerCase()}${
          averageMinutesToFirstAnswer === null
            ? ''
            : `; first answered after ${durationText(averageMinutesToFirstAnswer)} on average`
        }`;
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartCard
        title="Complaints by category"
        finding={finding}
        emptyMessage={total > 0 ? null : 'No complaints in this range'}
        rows={complaintsByCategory}
        columns={categoryColumns}
        rowKey={(row) => row.category}
        fileName={csvFileName('complaints-by-category', insights)}
      >
        <RankedBars
          label={finding}
          colour={seriesColours[1]}
          bars={countBars(
            complaintsByCategory,
            (row) => row.category,
            (row) => complaintCategoryLabels[row.category],
          )}
        />
      </ChartCard>
      <ChartCard
        title="Time to first answer"
        finding={
          averageMinutesToFirstAnswer === null
            ? 'No complaint has been answered in this range'
            : `Complaints were first answered after ${durationText(averageMinutesToFirstAnswer)} on average`
        }
        emptyMessage={total > 0 ? null : 'No complaints in this range'}
        rows={firstAnswer}
        columns={answerColumns}
        rowKey={(row) => row.bucket}
        fileName={csvFileName('complaints-first-answer', insights)}
      >
        <RankedBars
          label="Complaints by time to first answer"
          colour={seriesColours[2]}
          bars={countBars(
            firstAnswer,
            (row) => row.bucket,
            (row) => answerLabel(row.bucket),
          )}
        />
      </ChartCard>
    </div>
  );
}
