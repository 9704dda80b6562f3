// The arithmetic of a serving's places (lib/serving-places.ts, ADR 0060): which places are free,
// and which a capacity change closes or opens. The claims themselves race on Firestore in
// test/rush.test.ts.
import { describe, expect, it } from 'vitest';
import { pickPlaces, placeSpace, placesForCapacity } from './serving-places.js';

const held = (...indexes: number[]) => indexes.map((index) => ({ index, requestId: `r${index}` }));
const closed = (...indexes: number[]) => indexes.map((index) => ({ index, requestId: null }));

describe('a serving’s places', () => {
  it('frees every index below the capacity that no reservation holds', () => {
    expect(placeSpace(4, 2, held(0, 2)).free).toEqual([1, 3]);
    // Two reservations made before places existed take the lowest indexes.
    expect(placeSpace(4, 3, held(3)).free).toEqual([2]);
    expect(placeSpace(null, 3, held(1)).free).toEqual([]);
  });

  it('frees no more places than are free when the count is newer than the places read', () => {
    // Four of six held: two made before places existed, place 1 held, and place 4 claimed by a
    // reservation whose count is read but whose place is not yet.
    const space = placeSpace(6, 4, held(1));
    expect(space.free).toHaveLength(2);
    // The other way round, a place read but not its count, frees three: the reason
    // reservations read the places before the count.
    expect(placeSpace(6, 3, held(1, 4)).free).toHaveLength(3);
  });

  it('picks a run of neighbouring free places from a random start, wrapping round', () => {
    const free = [2, 3, 5, 7, 11];
    expect(pickPlaces(free, 3, () => 0)).toEqual([2, 3, 5]);
    expect(pickPlaces(free, 3, () => 0.7)).toEqual([7, 11, 2]);
    expect(pickPlaces(free, 8, () => 0.5)).toEqual([5, 7, 11, 2, 3]);
    expect(pickPlaces([], 2)).toEqual([]);
  });

  it('leaves a capacity record stored among the places before ADR 71 out of them', () => {
    const limit = { index: 0, requestId: null, limit: 4 };
    expect(placeSpace(4, 1, [...held(1), limit])).toMatchObject({ size: 4, closed: [], free: [0, 2, 3] });
  });

  it('counts closed places beyond the capacity, so the size never shrinks', () => {
    const space = placeSpace(2, 1, [...held(3), ...closed(0, 1)]);
    expect(space).toMatchObject({ size: 4, held: [3], closed: [0, 1], free: [2] });
  });

  it('closes the highest free places when the capacity is lowered, and refuses fewer than are held', () => {
    const space = placeSpace(6, 2, held(1, 5));
    expect(placesForCapacity(space, 3)).toEqual({ close: [4, 3, 2], open: [] });
    expect(placesForCapacity(space, 2)).toEqual({ close: [4, 3, 2, 0], open: [] });
    expect(placesForCapacity(space, 1)).toBeNull();
  });

  it('opens closed places when the capacity is raised again, and grows past them', () => {
    const space = placeSpace(3, 1, [...held(0), ...closed(3, 4, 5)]);
    expect(placesForCapacity(space, 5)).toEqual({ close: [], open: [3, 4] });
    expect(placesForCapacity(space, 8)).toEqual({ close: [], open: [3, 4, 5] });
  });

  it('sizes a serving that had no capacity by its places, so an old claim stays one of them', () => {
    const space = placeSpace(null, 4, held(0, 6));
    expect(space.size).toBe(7);
    // 4 held (2 with places, 2 without); a capacity of 5 leaves one place, closing 2 of 7.
    expect(placesForCapacity(space, 5)).toEqual({ close: [5, 4], open: [] });
    expect(placesForCapacity(space, 3)).toBeNull();
  });
});
