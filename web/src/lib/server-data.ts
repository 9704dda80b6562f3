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

/** The JSON for the page's data element: `<` escaped, so no text can close the element early. */
export const serverDataJson = (data: ServerData) => JSON.stringify(data).replace(/</g, '\\u003c');

/** The data of a page the server rendered, or null for a page built ahead (or none). */
export function readServerData(): ServerData | null {
  const element = document.getElementById(serverDataElementId);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerData;
  } catch {
    return null;
  }
}
