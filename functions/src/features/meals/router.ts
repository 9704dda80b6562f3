import { Router } from 'express';
import {
  idParams,
  mealReviewsQuery,
  mealsByCategoryQuery,
  mealsQuery,
  upcomingMealsListQuery,
} from '@hostelhub/contracts';
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

for (const path of [
  '/mealsByCategory',
  '/meals',
  '/meal/:id',
  '/meal/:id/reviews',
  '/packages',
  '/package/:id',
  '/upcoming-meals',
]) {
  mealsRouter.get(path, shareWhenAnonymous);
}

mealsRouter.get(
  '/mealsByCategory',
  route({ query: mealsByCategoryQuery }, async ({ query }, _req, res) => {
    res.json(await mealsByCategory(query.category, query.limit));
  }),
);

mealsRouter.get(
  '/meals',
  route({ query: mealsQuery }, async ({ query }, _req, res) => {
    res.json(await searchMeals(query));
  }),
);

mealsRouter.get(
  '/meal/:id',
  identifyUser,
  route({ params: idParams }, async ({ params }, _req, res) => {
    res.json(await mealDetail(params.id, optionalCaller(res)?.uid ?? null));
  }),
);

/** GET /meal/{id}/reviews?cursor=: the reviews after the first page GET /meal/{id} carried. */
mealsRouter.get(
  '/meal/:id/reviews',
  identifyUser,
  route({ params: idParams, query: mealReviewsQuery }, async ({ params, query }, _req, res) => {
    res.json(await mealReviews(params.id, optionalCaller(res)?.uid ?? null, query.limit, query.cursor));
  }),
);

mealsRouter.get('/packages', async (_req, res) => {
  res.json(await listPackages());
});

mealsRouter.get(
  '/package/:id',
  route({ params: idParams }, async ({ params }, _req, res) => {
    res.json(await getPackage(params.id));
  }),
);

mealsRouter.get(
  '/upcoming-meals',
  identifyUser,
  route({ query: upcomingMealsListQuery }, async ({ query }, _req, res) => {
    res.json(await upcomingMeals(optionalCaller(res)?.uid ?? null, query.limit, query.cursor));
  }),
);
