import type { RouteObject } from 'react-router';

/** /checkout/:packageId. */
export const checkoutRoutes: RouteObject[] = [];
