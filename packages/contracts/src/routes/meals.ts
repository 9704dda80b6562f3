// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// The meals: public reads, the admins' management of meals and upcoming meals, and likes.
import { answer, type Route } from './route.js';

export const mealRoutes = {
  mealsByCategory: {
    method: 'get',
    path: '/mealsByCategory',
    access: 'public',
    answer: answer('PublicMeal[]'),
  },
  meals: {
    method: 'get',
    path: '/meals',
    access: 'public',
    answer: answer('MealsPage'),
  },
  meal: {
    method: 'get',
    path: '/meal/:id',
    access: 'public',
    answer: answer('MealDetail'),
    also: [404],
  },
  mealReviews: {
    method: 'get',
    path: '/meal/:id/reviews',
    access: 'public',
    answer: answer('Page<PublicReview>'),
  },
  packages: {
    method: 'get',
    path: '/packages',
    access: 'public',
    answer: answer('MembershipPackage[]'),
  },
  package: {
    method: 'get',
    path: '/package/:id',
    access: 'public',
    answer: answer('CheckoutPackage'),
    also: [404],
  },
  upcomingMeals: {
    method: 'get',
    path: '/upcoming-meals',
    access: 'public',
    answer: answer('Page<UpcomingMeal>'),
  },

  // Meal management (admins)
  allMeals: {
    method: 'get',
    path: '/all-meals',
    access: 'admin',
    answer: answer('AdminMealsPage'),
  },
  addMeal: {
    method: 'post',
    path: '/add-meal',
    access: 'admin',
    answer: answer('Inserted', 201),
  },
  updateMeal: {
    method: 'put',
    path: '/meal/:id',
    access: 'admin',
    answer: answer('Modified'),
    also: [404],
  },
  deleteMeal: {
    method: 'delete',
    path: '/meal/:id',
    access: 'admin',
    answer: answer('Deleted'),
    also: [404, 409],
  },
  addUpcomingMeal: {
    method: 'post',
    path: '/upcoming-meals',
    access: 'admin',
    answer: answer('Inserted', 201),
  },
  deleteUpcomingMeal: {
    method: 'delete',
    path: '/delete-upcomingMeal/:id',
    access: 'admin',
    answer: answer('Deleted'),
    also: [404, 409],
  },
  publishUpcomingMeal: {
    method: 'post',
    path: '/upcoming-meals/:id/publish',
    access: 'admin',
    answer: answer('Inserted', 201),
    also: [404],
  },

  // Likes
  like: {
    method: 'post',
    path: '/like',
    access: 'user',
    answer: answer('LikeResponse'),
    also: [403, 404],
  },
  likeUpcoming: {
    method: 'post',
    path: '/like-upcoming',
    access: 'user',
    answer: answer('LikeResponse'),
    also: [402, 403, 404],
  },
} as const satisfies Record<string, Route>;
