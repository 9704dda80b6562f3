// The endpoint table (packages/contracts/src/endpoints.ts) is the list of the API's routes:
// these tests fail when the Express app serves a route the table lacks, when the table lists
// one the app does not serve, and when a route's guards disagree with the table's `access`
// (ADR 0024). The documents generated from the table: packages/contracts/src/openapi.test.ts.
import { describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@hostelhub/contracts';
import { servedRoutes } from './support/served-routes.js';

const tableRoutes = (Object.values(endpoints) as Endpoint[]).map(
  (endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`,
);

describe('the endpoint table', () => {
  const served = servedRoutes();

  it('lists every route the app serves, and only those', () => {
    expect(served.size).toBeGreaterThan(30);
    expect([...served.keys()].sort()).toEqual([...new Set(tableRoutes)].sort());
  });

  it('lists each route once', () => {
    expect(tableRoutes.length).toBe(new Set(tableRoutes).size);
  });

  it('guards each route as its access says: user, staff and admin routes check the token, staff and admin ones the role', () => {
    for (const endpoint of Object.values(endpoints) as Endpoint[]) {
      const guards = served.get(`${endpoint.method.toUpperCase()} ${endpoint.path}`) ?? new Set<string>();
      const seen = { route: `${endpoint.method} ${endpoint.path}`, access: endpoint.access };
      expect({ ...seen, requireUser: guards.has('requireUser') }).toEqual({
        ...seen,
        requireUser: endpoint.access !== 'public',
      });
      expect({ ...seen, requireAdmin: guards.has('requireAdmin') }).toEqual({
        ...seen,
        requireAdmin: endpoint.access === 'admin',
      });
      expect({ ...seen, requireStaff: guards.has('requireStaff') }).toEqual({
        ...seen,
        requireStaff: endpoint.access === 'staff',
      });
    }
  });
});
