// A member's reservations ahead: GET /my-reservations, every one still to come, page by page.
import { hostelDate, type MyReservations } from '@hostelhub/contracts';
import { currentTime } from '../../lib/clock.js';
import { readPage } from '../../lib/paging.js';
import { heldReservationsOfUser } from '../../lib/requests/queries.js';
import { toRequestedMealRows } from '../../lib/requests/rows.js';
import { hostelTimeZone } from '../../config.js';

/** The order of a day's slots, for a page of reservations. */
const slotOrder = ['breakfast', 'lunch', 'dinner'];

/**
 * GET /my-reservations: a page of the caller's reservations from today on, waiting or served.
 * Firestore orders them by day only (a request stores its serving's date and slot, not its
 * time); within the page a day's reservations run by slot and start.
 */
export async function myReservations(
  uid: string,
  page: { limit: number; cursor?: string | undefined },
  now: Date = currentTime(),
): Promise<MyReservations> {
  const today = hostelDate(now, hostelTimeZone());
  const { docs, nextCursor } = await readPage(heldReservationsOfUser(uid, today), page.limit, page.cursor);
  const items = await toRequestedMealRows(docs);
  return {
    items: items.sort(
      (a, b) =>
        (a.serving?.date ?? '').localeCompare(b.serving?.date ?? '') ||
        slotOrder.indexOf(a.serving?.slot ?? '') - slotOrder.indexOf(b.serving?.slot ?? '') ||
        (a.serving?.startsAt ?? '').localeCompare(b.serving?.startsAt ?? ''),
    ),
    nextCursor,
  };
}
