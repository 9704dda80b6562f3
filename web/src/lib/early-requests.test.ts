import { mealsPageSize } from '@hostelhub/contracts';
import { earlyRequestsFor } from './early-requests';

test("a visitor's first reads of each prerendered page, as its fetchers word them", () => {
  expect(earlyRequestsFor('/', '', false)).toEqual(['/api/mealsByCategory', '/api/packages']);
  expect(earlyRequestsFor('/meals', '', false)).toEqual([`/api/meals?page=1&limit=${mealsPageSize}`]);
  expect(earlyRequestsFor('/upcoming-meals', '', false)).toEqual(['/api/upcoming-meals']);
  expect(earlyRequestsFor('/meal/meal-01', '', false)).toEqual(['/api/meal/meal-01']);
  expect(earlyRequestsFor('/menu', '', false)).toEqual(['/api/menu']);
  expect(earlyRequestsFor('/login', '', false)).toEqual([]);
  expect(earlyRequestsFor('/dashboard/my-profile', '', false)).toEqual([]);
});

test('nothing personal or filtered is asked for early; the home lists are public for everyone', () => {
  expect(earlyRequestsFor('/meals', '', true)).toEqual([]);
  expect(earlyRequestsFor('/meal/meal-01', '', true)).toEqual([]);
  expect(earlyRequestsFor('/meals', '?search=egg', false)).toEqual([]);
  expect(earlyRequestsFor('/', '', true)).toEqual(['/api/mealsByCategory', '/api/packages']);
  expect(earlyRequestsFor('/menu', '', true)).toEqual(['/api/menu']);
  expect(earlyRequestsFor('/menu', '?from=2026-11-30', false)).toEqual([]);
});
