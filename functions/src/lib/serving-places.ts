// A serving's places as documents (ADR 0056, 0060): what the reservations that claim them and
// the admin who changes a capacity share. `servingPlaces/{servingId}_{index}` is place `index`,
// held by one reservation, or closed (no reservation) by a capacity that was lowered.
import type { Transaction } from 'firebase-admin/firestore';
import { typed, type ServingPlaceDocument } from './converters/index.js';

export const placeRef = (servingId: string, index: number) => typed.servingPlaces().doc(`${servingId}_${index}`);

/**
 * The serving's capacity record (ADR 0062, 71), written with every capacity change. A
 * reservation that read no capacity reads it in its transaction: a capacity set since its
 * snapshot is either found here or meets that read's lock, so no reservation commits without a
 * place under a capacity.
 */
export const capacityRef = (servingId: string) => typed.servingCapacities().doc(servingId);

/** Writes the serving's capacity record in the admin's transaction that changes its capacity. */
export function writeCapacityRecord(transaction: Transaction, servingId: string, capacity: number | null) {
  transaction.set(capacityRef(servingId), { servingId, capacity });
}

/** Every place document of a serving, held or closed (and a capacity record stored before ADR 71). */
export const placesOfServing = (servingId: string) => typed.servingPlaces().where('servingId', '==', servingId);

/** The place documents of one serving as read, only what the index space needs. */
type PlaceEntry = Pick<ServingPlaceDocument, 'index' | 'requestId' | 'limit'>;

/**
 * A serving's places at one instant. The indexes run from 0 to `size`: every place document is
 * one of them, so no two reservations hold one place, and `size` is the capacity plus the
 * places closed. Reservations made before places existed (or while the serving had no
 * capacity) hold no document: they are `reserved` beyond the places held and take the lowest
 * indexes no document holds, `withoutPlace` of them. Then the reservations are at most
 * `size - closed`, the capacity, however the places were claimed.
 */
export type PlaceSpace = {
  size: number;
  withoutPlace: number;
  /** Indexes held by a reservation. */
  held: number[];
  /** Indexes closed by a lowered capacity. */
  closed: number[];
  /** Indexes a reservation may claim: neither held nor closed nor taken by one without a place. */
  free: number[];
};

/** The indexes below `size` that no document holds, less the lowest `withoutPlace` of them. */
function freeBelow(size: number, taken: Set<number>, withoutPlace: number): number[] {
  const free: number[] = [];
  for (let index = 0; index < size; index++) if (!taken.has(index)) free.push(index);
  return free.slice(withoutPlace);
}

/**
 * The place space of a serving with `capacity` (null: no limit, and then no free places, since
 * a reservation claims none) and `reserved`, from its place documents. The size never shrinks
 * (ADR 0060): a reservation that read an older capacity claims an index below the older size,
 * which is still one of the indexes, so it meets the others on its document.
 */
export function placeSpace(capacity: number | null | undefined, reserved: number, documents: PlaceEntry[]): PlaceSpace {
  // A capacity record stored among the places before ADR 71 is not a place.
  const places = documents.filter((place) => place.limit === undefined);
  const held = places.filter((place) => place.requestId !== null).map((place) => place.index);
  const closed = places.filter((place) => place.requestId === null).map((place) => place.index);
  const withoutPlace = Math.max(0, reserved - held.length);
  const size =
    typeof capacity === 'number'
      ? capacity + closed.length
      : places.reduce((highest, place) => Math.max(highest, place.index + 1), 0);
  const taken = new Set(places.map((place) => place.index));
  const free = typeof capacity === 'number' ? freeBelow(size, taken, withoutPlace) : [];
  return { size, withoutPlace, held, closed, free };
}

/**
 * `count` of `free`, a run of neighbours from a random start: instances claiming at once seldom
 * pick the same place. A run rather than scattered picks because one taken place fails the
 * whole group's commit: two runs of five among 40 free places overlap about half as often as
 * two sets of five picked one by one.
 */
export function pickPlaces(free: number[], count: number, random: () => number = Math.random): number[] {
  const start = Math.floor(random() * free.length);
  return Array.from({ length: Math.min(count, free.length) }, (_, offset) => free[(start + offset) % free.length]!);
}

/**
 * The places to close or open when a serving's capacity becomes `capacity`, in the admin's
 * transaction (which read `space` in it): the size grows when it must (a capacity above it),
 * and the places closed are the size minus the new capacity. Closing creates documents, so a
 * reservation that claims one of them at the same moment fails one of the two commits, and the
 * one that fails runs again on what the other wrote. Null: the capacity allows too few
 * places for the reservations held.
 */
export function placesForCapacity(space: PlaceSpace, capacity: number): { close: number[]; open: number[] } | null {
  const size = Math.max(space.size, capacity);
  const toClose = size - capacity - space.closed.length;
  if (toClose <= 0) {
    // The lowest closed places open first: reservations fill from any free index.
    return { close: [], open: [...space.closed].sort((a, b) => a - b).slice(0, -toClose) };
  }
  const free = freeBelow(size, new Set([...space.held, ...space.closed]), space.withoutPlace);
  if (free.length < toClose) return null;
  // The highest free places close first.
  return { close: free.slice(-toClose).reverse(), open: [] };
}

/** Writes what placesForCapacity decided, in the admin's transaction. */
export function writePlacesForCapacity(
  transaction: Transaction,
  servingId: string,
  change: { close: number[]; open: number[] },
) {
  for (const index of change.close) {
    transaction.create(placeRef(servingId, index), {
      servingId,
      index,
      requestId: null,
      userUid: null,
    });
  }
  for (const index of change.open) transaction.delete(placeRef(servingId, index));
}
