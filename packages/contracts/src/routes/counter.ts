// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// The counter: meal passes and their redemption.
import { answer, type Route } from './route.js';

export const counterRoutes = {
  currentPasses: {
    method: 'get',
    path: '/passes/current',
    access: 'user',
    answer: answer('CurrentPasses'),
  },
  offlinePasses: {
    method: 'get',
    path: '/passes/offline',
    access: 'user',
    answer: answer('OfflinePasses'),
  },
  createPass: {
    method: 'post',
    path: '/passes',
    access: 'user',
    answer: answer('MealPass', 201),
    also: [402, 403, 404, 409],
  },
  redeemPass: {
    method: 'post',
    path: '/redemptions',
    access: 'staff',
    answer: answer('Redemption', 201),
    also: [400, 403, 409, 410].map((status) => answer('RedemptionRefusal', status)),
  },
} as const satisfies Record<string, Route>;
