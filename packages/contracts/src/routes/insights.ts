// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Insights for admins: the rollups and the CSV exports.
import { answer, type Route } from './route.js';

export const insightsRoutes = {
  insights: {
    method: 'get',
    path: '/insights',
    access: 'admin',
    answer: answer('Insights'),
  },
  paymentsExport: {
    method: 'get',
    path: '/exports/payments.csv',
    access: 'admin',
    answer: answer('text/csv'),
  },
  membersExport: {
    method: 'get',
    path: '/exports/members.csv',
    access: 'admin',
    answer: answer('text/csv'),
  },
} as const satisfies Record<string, Route>;
