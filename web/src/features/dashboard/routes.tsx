import type { RouteObject } from 'react-router';

/** /dashboard and every student and admin page under it. */
export const dashboardRoutes: RouteObject[] = [];
