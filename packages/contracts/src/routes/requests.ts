// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Meal requests: asking for a meal, the weekly quota, withdrawing, and serving at the counter.
import { answer, type Route } from './route.js';

export const requestRoutes = {
  requestMeal: {
    method: 'post',
    path: '/meal-request',
    access: 'user',
    answer: answer('MealRequested', 201),
    also: [answer('MealRequested', 208), 402, 403, 404, 409],
  },
  requestQuota: {
    method: 'get',
    path: '/meal-request/quota',
    access: 'user',
    answer: answer('RequestQuota'),
  },
  cancelRequest: {
    method: 'patch',
    path: '/meal-request/:id/cancel',
    access: 'user',
    answer: answer('Modified'),
    also: [403, 404, 409],
  },
  requestedMeals: {
    method: 'get',
    path: '/requested-meals',
    access: 'user',
    answer: answer('Page<RequestedMeal>'),
    also: [403],
  },
  serveRequest: {
    method: 'patch',
    path: '/requested-meal/status/update',
    access: 'staff',
    answer: answer('Modified'),
    also: [404, 409],
  },
  undoServe: {
    method: 'patch',
    path: '/requested-meal/status/undo',
    access: 'staff',
    answer: answer('Modified'),
    also: [404, 409],
  },
} as const satisfies Record<string, Route>;
