import type { Timestamp } from 'firebase/firestore';

/**
 * The rows of a paged list whose first page is live: the listener's rows (the newest page,
 * or the head of a queue) followed by the API's loaded rows that the listener does not hold.
 *
 * - `newest-first`: rows only ever join at the top, so an API row missing from the live page
 *   was pushed down by newer ones and is still part of the list.
 * - `queue`: rows leave too (a served request leaves the pending queue), so the API's first
 *   page is replaced by the live one and only later pages ("Load more") are added.
 *
 * Without live rows it is the API's rows as they are.
 */
export function withLiveFirstPage<T extends { _id: string }>(
  apiPages: T[][],
  live: T[] | undefined,
  mode: 'newest-first' | 'queue',
): T[] {
  if (!live) return apiPages.flat();
  const liveIds = new Set(live.map((row) => row._id));
  const rest = (mode === 'queue' ? apiPages.slice(1) : apiPages).flat().filter((row) => !liveIds.has(row._id));
  return [...live, ...rest];
}

/** Ids of `live` rows that none of `known` holds. */
export const unknownIds = (live: { _id: string }[] | undefined, known: { _id: string }[]) => {
  const ids = new Set(known.map((row) => row._id));
  return (live ?? []).map((row) => row._id).filter((id) => !ids.has(id));
};

/** A stored Firestore time as the API sends it: an ISO string, or null. */
export const isoOf = (value: unknown): string | null =>
  value && typeof (value as Timestamp).toDate === 'function' ? (value as Timestamp).toDate().toISOString() : null;
