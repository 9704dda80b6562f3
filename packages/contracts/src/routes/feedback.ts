// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Ratings and complaints (docs/api.md "Ratings and complaints").
import { answer, type Route } from './route.js';

export const feedbackRoutes = {
  rateServing: {
    method: 'post',
    path: '/servings/:id/rating',
    access: 'user',
    summary: 'Rate a serving one was served at, within 48 hours of its end; a second call edits the rating',
    answer: answer('ServingRatingSaved'),
    also: [404, 409],
  },
  servingRatings: {
    method: 'get',
    path: '/servings/:id/ratings',
    access: 'staff',
    summary: "A serving's ratings and their average (an author only to admins, and only with contactMe)",
    answer: answer('ServingRatings'),
    also: [404],
  },
  dueRatings: {
    method: 'get',
    path: '/my-ratings/due',
    access: 'user',
    summary: 'The servings the caller was served at and may still rate, with their rating so far',
    answer: answer('DueRatings'),
  },
  raiseComplaint: {
    method: 'post',
    path: '/complaints',
    access: 'user',
    summary: 'Raise a complaint about a serving or the dining in general (hygiene and allergen ones are urgent)',
    answer: answer('Inserted', 201),
    also: [403, 404],
  },
  complaints: {
    method: 'get',
    path: '/complaints',
    access: 'user',
    summary: "Complaints: a member's own, newest first; staff's and admins' all, oldest unanswered first",
    answer: answer('ComplaintsPage'),
    also: [403],
  },
  replyToComplaint: {
    method: 'post',
    path: '/complaints/:id/replies',
    access: 'user',
    summary: "Reply in a complaint's thread (its author, staff, admins)",
    answer: answer('Inserted', 201),
    also: [403, 404, 409],
  },
  updateComplaint: {
    method: 'patch',
    path: '/complaints/:id',
    access: 'staff',
    summary: 'Acknowledge, resolve or decline (with a reason) a complaint',
    answer: answer('Modified'),
    also: [404, 409],
  },
  mealFeedback: {
    method: 'get',
    path: '/meal-feedback',
    access: 'admin',
    summary: "Each meal's rating and reservation rate over the last four weeks, for the menu planner",
    answer: answer('MealFeedbackList'),
  },
} as const satisfies Record<string, Route>;
