// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Meal requests: asking for a meal, the weekly quota, withdrawing, and serving at the counter.
import { answer, type Route } from './route.js';

export const requestRoutes = {
  requestMeal: {
    method: 'post',
    path: '/meal-request',
    access: 'user',
    summary: 'Request a meal (members; 208 while an earlier request is pending)',
    answer: answer('MealRequested', 201),
    also: [answer('MealRequested', 208), 402, 403, 404, 409],
  },
  requestQuota: {
    method: 'get',
    path: '/meal-request/quota',
    access: 'user',
    summary: "The caller's requests this quota week",
    answer: answer('RequestQuota'),
  },
  cancelRequest: {
    method: 'patch',
    path: '/meal-request/:id/cancel',
    access: 'user',
    summary: "Withdraw one's own pending request",
    answer: answer('Modified'),
    also: [403, 404, 409],
  },
  requestedMeals: {
    method: 'get',
    path: '/requested-meals',
    access: 'user',
    summary: "The caller's requests; staff's or an admin's without email: everyone's",
    answer: answer('Page<RequestedMeal>'),
    also: [403],
  },
  serveRequest: {
    method: 'patch',
    path: '/requested-meal/status/update',
    access: 'staff',
    summary: 'Serve a pending request',
    answer: answer('Modified'),
    also: [404, 409],
  },
  undoServe: {
    method: 'patch',
    path: '/requested-meal/status/undo',
    access: 'staff',
    summary: 'Take a serve back within a minute (the request is pending again)',
    answer: answer('Modified'),
    also: [404, 409],
  },
} as const satisfies Record<string, Route>;
