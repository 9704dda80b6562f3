import { serveUndoWindowSeconds, type RequestedMeal } from '@hostelhub/contracts';

/**
 * A serve the admin made on this page and may still take back: the row as it was served, the
 * list it was served from (the search text; '' for the queue), where it stood in that list, and
 * until when Undo is offered (the server allows
 * `serveUndoWindowSeconds` from its own `servedAt`; counting from the press, before the
 * server's time was taken, ends the offer a little earlier, never later).
 */
export type RecentServe = { row: RequestedMeal; list: string; position: number; undoUntil: number };

export const undoWindowMs = serveUndoWindowSeconds * 1000;

export const recentServe = (row: RequestedMeal, list: string, position: number, pressedAt: number): RecentServe => ({
  row: { ...row, status: 'delivered' },
  list,
  position,
  undoUntil: pressedAt + undoWindowMs,
});

/** The serves whose Undo is still on offer at `now`. */
export function stillUndoable(recent: ReadonlyMap<string, RecentServe>, now: number): Map<string, RecentServe> {
  return new Map([...recent].filter(([, serve]) => serve.undoUntil > now));
}

/** The recent serves made from one list: Undo shows only in the list it was pressed in. */
export const servedFrom = (recent: ReadonlyMap<string, RecentServe>, list: string): Map<string, RecentServe> =>
  new Map([...recent].filter(([, serve]) => serve.list === list));

/**
 * The list with each recent serve shown as served, where it stood: in place if the list still
 * holds it (a search lists every status), else put back at its old position (the queue drops a
 * served request as soon as the database says so).
 */
export function withRecentServes(rows: RequestedMeal[], recent: ReadonlyMap<string, RecentServe>): RequestedMeal[] {
  const shown = rows.map((row) => recent.get(row._id)?.row ?? row);
  const present = new Set(shown.map((row) => row._id));
  const missing = [...recent.values()].filter((serve) => !present.has(serve.row._id));
  for (const serve of missing.sort((a, b) => a.position - b.position)) {
    shown.splice(Math.min(serve.position, shown.length), 0, serve.row);
  }
  return shown;
}
