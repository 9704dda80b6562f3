import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { identifyUser, optionalCaller } from '../../lib/auth.js';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { route } from '../../lib/route.js';
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

mealsRouter.get(
  byCategory.path,
  route(byCategory, async ({ query }, _req, res) => {
    res.json(await mealsByCategory(query.category, query.limit));
  }),
);

mealsRouter.get(
  meals.path,
  route(meals, async ({ query }, _req, res) => {
    res.json(await searchMeals(query));
  }),
);

mealsRouter.get(
  meal.path,
  identifyUser,
  route(meal, async ({ params }, _req, res) => {
    res.json(await mealDetail(params.id, optionalCaller(res)?.uid ?? null));
  }),
);

/** GET /meal/{id}/reviews?cursor=: the reviews after the first page GET /meal/{id} carried. */
mealsRouter.get(
  reviewsPage.path,
  identifyUser,
  route(reviewsPage, async ({ params, query }, _req, res) => {
    res.json(await mealReviews(params.id, optionalCaller(res)?.uid ?? null, query.limit, query.cursor));
  }),
);

mealsRouter.get(
  packages.path,
  route(packages, async (_input, _req, res) => {
    res.json(await listPackages());
  }),
);

mealsRouter.get(
  endpoints.package.path,
  route(endpoints.package, async ({ params }, _req, res) => {
    res.json(await getPackage(params.id));
  }),
);

mealsRouter.get(
  upcoming.path,
  identifyUser,
  route(upcoming, async ({ query }, _req, res) => {
    res.json(await upcomingMeals(optionalCaller(res)?.uid ?? null, query.limit, query.cursor));
  }),
);
