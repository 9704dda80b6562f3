// The data a page the server rendered carries (functions/src/features/pages): the answers of
// its first reads, as TanStack Query's dehydrated state, in a JSON script element. A JSON
// script is data, never run, so the Content-Security-Policy needs no hash or nonce for it.
import type { DehydratedState } from '@tanstack/react-query';
import type { ZoneOffsetSpan } from '@hostelhub/contracts';

export const serverDataElementId = 'server-data';

/** The attributes marking what the markup changed until the site runs (src/prerender.tsx). */
export const inertMarker = 'data-inert-until-live';
export const submitMarker = 'data-submit-when-live';

/**
 * What the server hands the page: the query cache of its first reads, and the offsets of the
 * zones its times are in around the time it was rendered (hostel-time's rememberZoneOffsets).
 */
export type ServerData = { queries: DehydratedState; zones?: Record<string, ZoneOffsetSpan[]> };

type DehydratedQuery = DehydratedState['queries'][number];

/**
 * The state of a query answered without error, as TanStack Query dehydrates it: a page carries
 * only what differs from this (its data and when it was read), and the browser puts it back.
 * The home page's HTML must fit the first round trip (docs/performance.md).
 */
const answered: Omit<DehydratedQuery['state'], 'data' | 'dataUpdatedAt'> = {
  dataUpdateCount: 1,
  error: null,
  errorUpdateCount: 0,
  errorUpdatedAt: 0,
  fetchFailureCount: 0,
  fetchFailureReason: null,
  fetchMeta: null,
  isInvalidated: false,
  status: 'success',
  fetchStatus: 'idle',
};

/** A query as the page carries it: its key and what its state holds apart from `answered`. */
function compactQuery({ queryKey, state }: DehydratedQuery) {
  const kept = Object.entries(state).filter(
    ([name, value]) => !(name in answered) || answered[name as keyof typeof answered] !== value,
  );
  return { queryKey, state: Object.fromEntries(kept) };
}

/**
 * The JSON for the page's data element: `<` escaped, so no text can close the element early.
 * Each query without what the browser knows already (its hash, which it computes from the key,
 * and the state fields of an answer read without error).
 */
export const serverDataJson = (data: ServerData) =>
  JSON.stringify({ ...data, queries: { queries: data.queries.queries.map(compactQuery) } }).replace(/</g, '\\u003c');

/** The data of a page the server rendered, or null for a page built ahead (or none). */
export function readServerData(): ServerData | null {
  const element = document.getElementById(serverDataElementId);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as { queries: { queries: DehydratedQuery[] } } & Omit<
      ServerData,
      'queries'
    >;
    const queries = data.queries.queries.map(
      // Without its hash, hydrate() computes it from the key as the client's own queries do.
      (query): DehydratedQuery => ({ ...query, state: { ...answered, ...query.state } }),
    );
    return { ...data, queries: { mutations: [], queries } };
  } catch {
    return null;
  }
}
