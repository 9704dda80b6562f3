// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// The counter: meal passes and their redemption.
import { answer, type Route } from './route.js';

export const counterRoutes = {
  currentPasses: {
    method: 'get',
    path: '/passes/current',
    access: 'user',
    summary: "The caller's reservations whose meal pass may be shown now (open now or within the hour)",
    answer: answer('CurrentPasses'),
  },
  createPass: {
    method: 'post',
    path: '/passes',
    access: 'user',
    summary: "A signed meal pass for one's own reservation, valid for about a minute",
    answer: answer('MealPass', 201),
    also: [402, 403, 404, 409],
  },
  redeemPass: {
    method: 'post',
    path: '/redemptions',
    access: 'staff',
    summary:
      'Serve the holder of a pass (token or short code) at the counter, once; walkIn serves a member without a reservation',
    answer: answer('Redemption', 201),
    also: [400, 403, 409, 410].map((status) => answer('RedemptionRefusal', status)),
  },
} as const satisfies Record<string, Route>;
