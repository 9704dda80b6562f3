import { matchRoutes } from 'react-router';
import { checkoutRoutes } from '@/app/routes/checkout-routes';
import { paths } from '@/lib/paths';
import { dashboardRoutes } from './routes/dashboard-routes';
import { publicRoutes } from './routes/public-routes';

// Every address in lib/paths.ts is a page the route tables serve, so a link built from it
// never lands on the 404 page.
const allRoutes = [{ path: '/', children: [...publicRoutes, ...dashboardRoutes, ...checkoutRoutes] }];

function everyPath(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [(value as (arg: never) => string)('sample-id' as never)];
  return Object.values(value as Record<string, unknown>).flatMap(everyPath);
}

describe('the site paths', () => {
  const all = everyPath(paths).filter((path) => path !== paths.checkoutArea);

  it.each(all)('%s is routed to a page', (path) => {
    const matches = matchRoutes(allRoutes, new URL(path, 'http://site.invalid').pathname);
    expect(matches, path).not.toBeNull();
    const leaf = matches!.at(-1)!.route;
    expect(leaf.path === undefined || !leaf.path.includes('*'), path).toBe(true);
  });

  it('builds the addresses with ids and filters encoded', () => {
    expect(paths.meal('a/b')).toBe('/meal/a%2Fb');
    expect(paths.checkout('gold')).toBe('/checkout/gold');
    expect(paths.mealsWith({ search: 'egg & chips' })).toBe('/meals?search=egg+%26+chips');
    expect(paths.mealsWith({ category: 'Lunch' })).toBe('/meals?category=Lunch');
    expect(paths.mealsWith({})).toBe('/meals');
  });
});
