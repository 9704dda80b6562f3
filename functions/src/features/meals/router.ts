import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { optionalCaller } from '../../lib/auth.js';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { handle } from '../../lib/route.js';
import {
  getPackage,
  listPackages,
  mealDetail,
  mealReviews,
  mealsByCategory,
  searchMeals,
  upcomingMeals,
} from './service.js';

/** Public reads of meals, upcoming meals and packages. A token only adds the caller's own flags. */
export const mealsRouter = Router();

const {
  meal,
  mealReviews: reviewsPage,
  meals,
  mealsByCategory: byCategory,
  packages,
  upcomingMeals: upcoming,
} = endpoints;

// GET /package/{id} is not shared: what it says is due today changes by the minute, and on
// the 15th by a whole month.
for (const { path } of [byCategory, meals, meal, reviewsPage, packages, upcoming]) {
  mealsRouter.get(path, shareWhenAnonymous);
}

handle(mealsRouter, byCategory, ({ query }) => mealsByCategory(query.category, query.limit));
handle(mealsRouter, meals, ({ query }) => searchMeals(query));
const identifyCaller = { identifyCaller: true };

handle(mealsRouter, meal, ({ params }, res) => mealDetail(params.id, optionalCaller(res)?.uid ?? null), identifyCaller);

/** GET /meal/{id}/reviews?cursor=: the reviews after the first page GET /meal/{id} carried. */
handle(
  mealsRouter,
  reviewsPage,
  ({ params, query }, res) => mealReviews(params.id, optionalCaller(res)?.uid ?? null, query.limit, query.cursor),
  identifyCaller,
);

handle(mealsRouter, packages, () => listPackages());
handle(mealsRouter, endpoints.package, ({ params }) => getPackage(params.id));
handle(
  mealsRouter,
  upcoming,
  ({ query }, res) => upcomingMeals(optionalCaller(res)?.uid ?? null, query.limit, query.cursor),
  identifyCaller,
);
