// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// The meals: public reads, the admins' management of meals and upcoming meals, and likes.
import { answer, type Route } from './route.js';

export const mealRoutes = {
  mealsByCategory: {
    method: 'get',
    path: '/mealsByCategory',
    access: 'public',
    summary: "The home page's newest meals of a category",
    answer: answer('PublicMeal[]'),
  },
  meals: {
    method: 'get',
    path: '/meals',
    access: 'public',
    summary: 'Search and page the meals',
    answer: answer('MealsPage'),
  },
  meal: {
    method: 'get',
    path: '/meal/:id',
    access: 'public',
    summary: 'A meal with its first reviews',
    answer: answer('MealDetail'),
    also: [404],
  },
  mealReviews: {
    method: 'get',
    path: '/meal/:id/reviews',
    access: 'public',
    summary: "A meal's further reviews",
    answer: answer('Page<PublicReview>'),
  },
  packages: {
    method: 'get',
    path: '/packages',
    access: 'public',
    summary: 'The membership packages, cheapest first',
    answer: answer('MembershipPackage[]'),
  },
  package: {
    method: 'get',
    path: '/package/:id',
    access: 'public',
    summary: 'One membership package, with what subscribing to it now costs today and monthly',
    answer: answer('CheckoutPackage'),
    also: [404],
  },
  upcomingMeals: {
    method: 'get',
    path: '/upcoming-meals',
    access: 'public',
    summary: 'Upcoming meals, most liked first',
    answer: answer('Page<UpcomingMeal>'),
  },

  // Meal management (admins)
  allMeals: {
    method: 'get',
    path: '/all-meals',
    access: 'admin',
    summary: 'Every meal, with its distributor email; searched by title, filtered by category',
    answer: answer('AdminMealsPage'),
  },
  addMeal: {
    method: 'post',
    path: '/add-meal',
    access: 'admin',
    summary: 'Add a meal',
    answer: answer('Inserted', 201),
  },
  updateMeal: {
    method: 'put',
    path: '/meal/:id',
    access: 'admin',
    summary: 'Edit a meal',
    answer: answer('Modified'),
    also: [404],
  },
  deleteMeal: {
    method: 'delete',
    path: '/meal/:id',
    access: 'admin',
    summary: 'Delete a meal',
    answer: answer('Deleted'),
    also: [404, 409],
  },
  addUpcomingMeal: {
    method: 'post',
    path: '/upcoming-meals',
    access: 'admin',
    summary: 'Add an upcoming meal',
    answer: answer('Inserted', 201),
  },
  deleteUpcomingMeal: {
    method: 'delete',
    path: '/delete-upcomingMeal/:id',
    access: 'admin',
    summary: 'Delete an upcoming meal',
    answer: answer('Deleted'),
    also: [404, 409],
  },
  publishUpcomingMeal: {
    method: 'post',
    path: '/upcoming-meals/:id/publish',
    access: 'admin',
    summary: 'Publish an upcoming meal as a meal',
    answer: answer('Inserted', 201),
    also: [404],
  },

  // Likes
  like: {
    method: 'post',
    path: '/like',
    access: 'user',
    summary: 'Like a meal, once',
    answer: answer('LikeResponse'),
    also: [403, 404],
  },
  likeUpcoming: {
    method: 'post',
    path: '/like-upcoming',
    access: 'user',
    summary: 'Like an upcoming meal (members only)',
    answer: answer('LikeResponse'),
    also: [402, 403, 404],
  },
} as const satisfies Record<string, Route>;
