// The endpoint table's routes: every route the REST API serves, with who may call it and the
// contract type it answers. The site calls the API through these entries; the API registers
// its handlers against the same entries joined with the schemas their params, query and
// body are validated with (endpoints.ts). The two halves are one table: a type check makes
// every schema name a route, and a test compares the table with the Express app's routes.
// This half imports no zod, so a public page's first scripts do not carry it (ADR 0039).
// Each feature area's entries live in routes/<area>.ts; this is the one table they make.
import { accountRoutes } from './routes/accounts.js';
import { adminActionRoutes } from './routes/admin-actions.js';
import { bookingRoutes } from './routes/booking.js';
import { counterRoutes } from './routes/counter.js';
import { feedbackRoutes } from './routes/feedback.js';
import { feedRoutes } from './routes/feeds.js';
import { hallRoutes } from './routes/halls.js';
import { insightsRoutes } from './routes/insights.js';
import { mealRoutes } from './routes/meals.js';
import { menuRoutes } from './routes/menu.js';
import { paymentRoutes } from './routes/payments.js';
import { requestRoutes } from './routes/requests.js';
import { reservationRoutes } from './routes/reservations.js';
import { reviewRoutes } from './routes/reviews.js';
import type { Route } from './routes/route.js';

export * from './routes/route.js';

export const routes = {
  ...accountRoutes,
  ...mealRoutes,
  ...requestRoutes,
  ...reservationRoutes,
  ...reviewRoutes,
  ...paymentRoutes,
  ...menuRoutes,
  ...feedRoutes,
  ...hallRoutes,
  ...bookingRoutes,
  ...counterRoutes,
  ...feedbackRoutes,
  ...insightsRoutes,
  ...adminActionRoutes,
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/**
 * The paths reached from outside the site, which no App Check token can come with: an email's
 * unsubscribe link (posted by the mail client itself, RFC 8058), and the menu's feeds, which
 * calendar apps and OpenMensa fetch (ADR 77). The API lets them through where App Check is
 * enforced (functions/src/lib/app-check.ts); the OpenAPI document lists no App Check 401 for them.
 */
export const appCheckExemptPaths: readonly string[] = [
  routes.unsubscribe.path,
  routes.menuCalendar.path,
  routes.openMensaFeed.path,
];

/** A path of the table with its `:name` segments filled in, each encoded as one segment. */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));
}
