// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// The audit log (issue 55, ADR 78): read by admins, written only with the changes it records.
import { answer, type Route } from './route.js';

export const adminActionRoutes = {
  adminActions: {
    method: 'get',
    path: '/admin-actions',
    access: 'admin',
    answer: answer('AdminActionsPage'),
  },
  adminActionsExport: {
    method: 'get',
    path: '/exports/admin-actions.csv',
    access: 'admin',
    answer: answer('text/csv'),
  },
} as const satisfies Record<string, Route>;
