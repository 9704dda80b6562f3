import { useId, useState, type ReactNode } from 'react';
import { csvLine } from '@hostelhub/contracts';
import { EmptyState } from '@/components/empty-state';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import { saveFile } from '@/lib/save-file';

/** One column of a chart's numbers: the CSV's value, and the table's text of it. */
export type ChartColumn<Row> = {
  header: string;
  /** As the CSV has it: plain numbers (dollars with cents, not "$1,234.00"), months as `YYYY-MM`. */
  value: (row: Row) => string | number;
  /** As the table shows it; the value when absent. */
  text?: (row: Row) => string;
};

/** A chart's numbers as CSV, written with the contracts' one CSV writer. */
export function chartCsv<Row>(columns: ChartColumn<Row>[], rows: Row[]): string {
  return (
    csvLine(columns.map((column) => column.header)) +
    rows.map((row) => csvLine(columns.map((column) => column.value(row)))).join('')
  );
}

type ChartCardProps<Row> = {
  /** What the chart shows ("Revenue by month"). */
  title: string;
  /** What its numbers say, in words: the heading. */
  finding: string;
  /** Said instead of the chart when the range holds nothing for it. */
  emptyMessage: string | null;
  rows: Row[];
  columns: ChartColumn<Row>[];
  rowKey: (row: Row) => string;
  fileName: string;
  /** A choice of what the chart shows (the meals' ranking). */
  controls?: ReactNode;
  /** The picture: its accessible name is the finding. */
  children: ReactNode;
};

/**
 * A chart with its finding as the heading, and the same numbers as a table ("View as table",
 * for keyboard and screen reader) and as a CSV download.
 */
export function ChartCard<Row>({
  title,
  finding,
  emptyMessage,
  rows,
  columns,
  rowKey,
  fileName,
  controls,
  children,
}: ChartCardProps<Row>) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  const empty = emptyMessage !== null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{title}</p>
          <h2 id={headingId} className="text-lg font-semibold text-stone-900">
            {empty ? title : finding}
          </h2>
        </div>
        {!empty && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary btn-sm"
              aria-pressed={asTable}
              onClick={() => setAsTable(!asTable)}
            >
              View as table
            </button>
            <button
              type="button"
              className="btn-secondary btn-sm"
              aria-label={`Download CSV: ${title}`}
              onClick={() => saveFile(fileName, chartCsv(columns, rows), 'text/csv')}
            >
              Download CSV
            </button>
          </div>
        )}
      </div>
      {empty ? (
        <EmptyState title={emptyMessage} />
      ) : (
        <>
          {controls}
          {asTable ? (
            <TableFrame caption={title} headers={columns.map((column) => column.header)}>
              {rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.header} className={cellClass}>
                      {column.text ? column.text(row) : column.value(row)}
                    </td>
                  ))}
                </TableRow>
              ))}
            </TableFrame>
          ) : (
            children
          )}
        </>
      )}
    </section>
  );
}
