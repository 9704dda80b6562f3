// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Reviews of meals.
import { answer, type Route } from './route.js';

export const reviewRoutes = {
  addReview: {
    method: 'post',
    path: '/add-review',
    access: 'user',
    answer: answer('ReviewAdded', 201),
    also: [403, 404, 409],
  },
  editReview: {
    method: 'patch',
    path: '/review/:mealId',
    access: 'user',
    answer: answer('Modified'),
    also: [404],
  },
  deleteReview: {
    method: 'delete',
    path: '/review/:mealId',
    access: 'user',
    answer: answer('Deleted'),
    also: [404],
  },
  myReviews: {
    method: 'get',
    path: '/reviews',
    access: 'user',
    answer: answer('Page<MyReview>'),
    also: [403],
  },
} as const satisfies Record<string, Route>;
