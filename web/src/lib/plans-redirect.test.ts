import { plansRedirectState, wantedMealOf } from './plans-redirect';

test('the wanted meal comes back from the navigation state', () => {
  const state = plansRedirectState({ path: '/meal/meal-01', title: 'Pho Noodle Soup' });
  expect(state).toEqual({ scrollTo: 'membership', wanted: { path: '/meal/meal-01', title: 'Pho Noodle Soup' } });
  expect(wantedMealOf(state)).toEqual({ path: '/meal/meal-01', title: 'Pho Noodle Soup' });
});

test('a crafted state cannot point the way back off the site', () => {
  for (const path of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', 42]) {
    expect(wantedMealOf({ wanted: { path, title: 'x' } })).toBeNull();
  }
  expect(wantedMealOf(null)).toBeNull();
  expect(wantedMealOf({ wanted: { path: '/meal/1' } })).toBeNull();
});
