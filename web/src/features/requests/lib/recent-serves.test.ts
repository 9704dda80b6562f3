import type { RequestedMeal } from '@hostelhub/contracts';
import { recentServe, servedFrom, stillUndoable, withRecentServes } from './recent-serves';

const row = (id: string): RequestedMeal => ({
  _id: id,
  mealId: `meal-${id}`,
  title: `Meal ${id}`,
  likes: 0,
  reviews_count: 0,
  status: 'pending',
  userEmail: `${id}@x.test`,
  userName: id,
  requestedAt: '2026-11-23T11:00:00.000Z',
  servedAt: null,
  cancelledAt: null,
  priority: false,
});

test('a served row the queue dropped is put back where it stood, shown as delivered', () => {
  const recent = new Map([['b', recentServe(row('b'), '', 1, 1_000)]]);
  const shown = withRecentServes([row('a'), row('c')], recent);
  expect(shown.map((item) => [item._id, item.status])).toEqual([
    ['a', 'pending'],
    ['b', 'delivered'],
    ['c', 'pending'],
  ]);
});

test('Undo is offered for 60 s from the press, and only in the list it was pressed in', () => {
  const recent = new Map([
    ['a', recentServe(row('a'), '', 0, 1_000)],
    ['b', recentServe(row('b'), 'sam', 0, 1_000)],
  ]);
  expect([...servedFrom(recent, '').keys()]).toEqual(['a']);
  expect([...servedFrom(recent, 'sam').keys()]).toEqual(['b']);
  expect(stillUndoable(recent, 60_999).size).toBe(2);
  expect(stillUndoable(recent, 61_000).size).toBe(0);
});
