// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Booking by default, leave and standing reservations (issue 53, ADR 74).
import { answer, type Route } from './route.js';

export const bookingRoutes = {
  mealSettings: {
    method: 'get',
    path: '/meal-settings',
    access: 'user',
    answer: answer('MealSettings'),
  },
  updateMealSettings: {
    method: 'put',
    path: '/meal-settings',
    access: 'admin',
    answer: answer('MealSettings'),
  },
  applyForLeave: {
    method: 'post',
    path: '/leaves',
    access: 'user',
    answer: answer('LeaveApplied', 201),
    also: [400, 402, 409],
    callsStripe: true,
  },
  leaves: {
    method: 'get',
    path: '/leaves',
    access: 'user',
    answer: answer('MyLeaves'),
  },
  decideLeave: {
    method: 'patch',
    path: '/leaves/:id',
    access: 'admin',
    answer: answer('Leave'),
    also: [404, 409],
    callsStripe: true,
  },
  cancelLeave: {
    method: 'delete',
    path: '/leaves/:id',
    access: 'user',
    answer: answer('Deleted'),
    also: [403, 404, 409],
    callsStripe: true,
  },
  mySkips: {
    method: 'get',
    path: '/my-skips',
    access: 'user',
    answer: answer('MySkips'),
  },
  standingReservations: {
    method: 'get',
    path: '/standing-reservations',
    access: 'user',
    answer: answer('StandingReservations'),
  },
  setStandingReservations: {
    method: 'put',
    path: '/standing-reservations',
    access: 'user',
    answer: answer('StandingReservations'),
    also: [402, 409],
  },
} as const satisfies Record<string, Route>;
