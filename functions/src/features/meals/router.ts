import { Router } from 'express';
import { idParams, mealsByCategoryQuery, mealsQuery } from '@hostelhub/contracts';
import { identifyUser, optionalCaller } from '../../lib/auth.js';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { route } from '../../lib/route.js';
import { getPackage, listPackages, mealDetail, mealsByCategory, searchMeals, upcomingMeals } from './service.js';

/** Public reads of meals, upcoming meals and packages. A token only adds the caller's own flags. */
export const mealsRouter = Router();

for (const path of ['/mealsByCategory', '/meals', '/meal/:id', '/packages', '/package/:id', '/upcoming-meals']) {
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

mealsRouter.get('/packages', async (_req, res) => {
  res.json(await listPackages());
});

mealsRouter.get(
  '/package/:id',
  route({ params: idParams }, async ({ params }, _req, res) => {
    res.json(await getPackage(params.id));
  }),
);

mealsRouter.get('/upcoming-meals', identifyUser, async (_req, res) => {
  res.json(await upcomingMeals(optionalCaller(res)?.uid ?? null));
});
