// A request's status as stored and on the wire (ADR 71): stored `served`, answered as the
// spec's `delivered`, and a value stored before the rename read and found as served.
import { describe, expect, it } from 'vitest';
import { closedRequestValues, requestStatusOnTheWire, storedRequestStatusOf, storedValuesOf } from './catalog.js';

describe('request statuses', () => {
  it('answer the spec’s word for a served request, and pending for what is not a status', () => {
    expect(['pending', 'served', 'cancelled', 'delivered', 'shipped', undefined].map(requestStatusOnTheWire)).toEqual([
      'pending',
      'delivered',
      'cancelled',
      'delivered',
      'pending',
      'pending',
    ]);
  });

  it('read a served request stored before the rename as served', () => {
    expect(storedRequestStatusOf('delivered')).toBe('served');
    expect(storedRequestStatusOf('served')).toBe('served');
    expect(storedRequestStatusOf('shipped')).toBeNull();
  });

  it('find served requests by both stored values, and the others by their own', () => {
    expect(storedValuesOf('pending', 'served')).toEqual(['pending', 'served', 'delivered']);
    expect(closedRequestValues).toEqual(['served', 'delivered', 'cancelled']);
  });
});
