import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  type ReactElement,
  type ReactNode,
  type TdHTMLAttributes,
} from 'react';

type TableFrameProps = { caption: string; headers: string[]; children: ReactNode };

const TableHeaders = createContext<string[]>([]);

/**
 * A data table. From a tablet's width up it is an ordinary table (scrolling sideways if it
 * must); below it each row is a card: every cell on its own line under its column's name, the
 * actions in view, nothing off-screen. One markup for both (CSS decides), so the same
 * buttons and names serve every width. Rows are `TableRow`s of `<td className={cellClass}>`.
 */
export function TableFrame({ caption, headers, children }: TableFrameProps) {
  return (
    <div className="rounded-lg border-stone-200 md:overflow-x-auto md:border md:bg-white md:shadow-sm">
      <table
        className="min-w-full text-left text-sm max-md:block md:divide-y md:divide-stone-200"
        data-layout="cards-below-tablet"
      >
        <caption className="sr-only">{caption}</caption>
        {/* Below a tablet's width every cell shows its column's name, so the header row is for screen readers only. */}
        <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-600 uppercase max-md:sr-only">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-stone-800 max-md:flex max-md:flex-col max-md:gap-3 md:divide-y md:divide-stone-100">
          <TableHeaders.Provider value={headers}>{children}</TableHeaders.Provider>
        </tbody>
      </table>
    </div>
  );
}

type CellElement = ReactElement<TdHTMLAttributes<HTMLTableCellElement> & { 'data-label'?: string }>;

/**
 * One row: on a phone a card. Each cell is labelled with its column's header (by position),
 * which the card shows above the value.
 */
export function TableRow({ children }: { children: ReactNode }) {
  const headers = useContext(TableHeaders);
  let column = 0;
  return (
    <tr className="max-md:grid max-md:grid-cols-2 max-md:[&>td:last-child]:col-span-2 max-md:gap-x-4 max-md:gap-y-3 max-md:rounded-xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-4 max-md:shadow-sm">
      {Children.map(children, (cell) => {
        if (!isValidElement(cell)) return cell;
        const label = headers[column++];
        return cloneElement(cell as CellElement, { 'data-label': label });
      })}
    </tr>
  );
}

/**
 * Every cell's classes. Below a tablet's width: a block in the card's grid with its column's
 * name above it (from `data-label`), long values wrapping instead of pushing the card wider.
 */
export const cellClass =
  'px-4 py-3 align-middle max-md:block max-md:min-w-0 max-md:p-0 max-md:whitespace-normal max-md:[&_*]:whitespace-normal max-md:[overflow-wrap:anywhere] max-md:before:mb-0.5 max-md:before:block max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-stone-500 max-md:before:uppercase max-md:before:content-[attr(data-label)]';

/** One column of a `DataTable`: its header, what its cell shows, and any classes the cell adds. */
export type DataColumn<Row> = { header: string; className?: string; cell: (row: Row, index: number) => ReactNode };

type DataTableProps<Row> = { caption: string; columns: DataColumn<Row>[]; rows: Row[]; rowKey: (row: Row) => string };

/** A `TableFrame` drawn from a list and its columns: one `TableRow` a row, one cell a column. */
export function DataTable<Row>({ caption, columns, rows, rowKey }: DataTableProps<Row>) {
  return (
    <TableFrame caption={caption} headers={columns.map((column) => column.header)}>
      {rows.map((row, index) => (
        <TableRow key={rowKey(row)}>
          {columns.map((column) => (
            <td key={column.header} className={column.className ? `${cellClass} ${column.className}` : cellClass}>
              {column.cell(row, index)}
            </td>
          ))}
        </TableRow>
      ))}
    </TableFrame>
  );
}
