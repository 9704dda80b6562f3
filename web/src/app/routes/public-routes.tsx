import type { RouteObject } from 'react-router';

/** Home, meals, meal detail, upcoming meals, login, register and the 404 page. */
export const publicRoutes: RouteObject[] = [];
