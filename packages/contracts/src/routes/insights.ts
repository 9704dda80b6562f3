// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Insights for admins: the rollups and the CSV exports.
import { answer, type Route } from './route.js';

export const insightsRoutes = {
  insights: {
    method: 'get',
    path: '/insights',
    access: 'admin',
    summary: 'Revenue, members, meals and slots over a range of months, from the rollups',
    answer: answer('Insights'),
  },
  paymentsExport: {
    method: 'get',
    path: '/exports/payments.csv',
    access: 'admin',
    summary: 'Payments of a range as text/csv, for the accounts',
    answer: answer('text/csv'),
  },
  membersExport: {
    method: 'get',
    path: '/exports/members.csv',
    access: 'admin',
    summary: 'Members with their tier, status and renewal as text/csv',
    answer: answer('text/csv'),
  },
} as const satisfies Record<string, Route>;
