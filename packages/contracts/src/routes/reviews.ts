// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Reviews of meals.
import { answer, type Route } from './route.js';

export const reviewRoutes = {
  addReview: {
    method: 'post',
    path: '/add-review',
    access: 'user',
    summary: 'Review a meal (the author is the caller)',
    answer: answer('ReviewAdded', 201),
    also: [403, 404, 409],
  },
  editReview: {
    method: 'patch',
    path: '/review/:mealId',
    access: 'user',
    summary: "Edit one's own review of a meal",
    answer: answer('Modified'),
    also: [404],
  },
  deleteReview: {
    method: 'delete',
    path: '/review/:mealId',
    access: 'user',
    summary: "Delete one's own review of a meal",
    answer: answer('Deleted'),
    also: [404],
  },
  myReviews: {
    method: 'get',
    path: '/reviews',
    access: 'user',
    summary: "The caller's reviews",
    answer: answer('Page<MyReview>'),
    also: [403],
  },
} as const satisfies Record<string, Route>;
