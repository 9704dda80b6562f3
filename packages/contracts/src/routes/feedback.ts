// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Ratings and complaints (docs/api.md "Ratings and complaints").
import { answer, type Route } from './route.js';

export const feedbackRoutes = {
  rateServing: {
    method: 'post',
    path: '/servings/:id/rating',
    access: 'user',
    answer: answer('ServingRatingSaved'),
    also: [404, 409],
  },
  servingRatings: {
    method: 'get',
    path: '/servings/:id/ratings',
    access: 'staff',
    answer: answer('ServingRatings'),
    also: [404],
  },
  dueRatings: {
    method: 'get',
    path: '/my-ratings/due',
    access: 'user',
    answer: answer('DueRatings'),
  },
  raiseComplaint: {
    method: 'post',
    path: '/complaints',
    access: 'user',
    answer: answer('Inserted', 201),
    also: [403, 404, 409],
  },
  complaints: {
    method: 'get',
    path: '/complaints',
    access: 'user',
    answer: answer('ComplaintsPage'),
    also: [403],
  },
  replyToComplaint: {
    method: 'post',
    path: '/complaints/:id/replies',
    access: 'user',
    answer: answer('Inserted', 201),
    also: [403, 404, 409],
  },
  updateComplaint: {
    method: 'patch',
    path: '/complaints/:id',
    access: 'staff',
    answer: answer('Modified'),
    also: [403, 404, 409],
  },
  mealFeedback: {
    method: 'get',
    path: '/meal-feedback',
    access: 'admin',
    answer: answer('MealFeedbackList'),
  },
} as const satisfies Record<string, Route>;
