// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Reservations (ADR 0029): a member's place at a serving, held before its cutoff. The twin of
// the serving's rating (routes/feedback.ts): the serving names what is reserved, the token who.
// POST /meal-request with a servingId still reserves (routes/requests.ts), by the same rules.
import { answer, type Route } from './route.js';

export const reservationRoutes = {
  reserve: {
    method: 'post',
    path: '/servings/:id/reservation',
    access: 'user',
    answer: answer('MealRequested', 201),
    also: [answer('MealRequested', 208), 402, 404, 409],
  },
  cancelReservation: {
    method: 'delete',
    path: '/servings/:id/reservation',
    access: 'user',
    answer: answer('Deleted'),
    also: [404, 409],
  },
  myReservations: {
    method: 'get',
    path: '/my-reservations',
    access: 'user',
    answer: answer('MyReservations'),
  },
} as const satisfies Record<string, Route>;
