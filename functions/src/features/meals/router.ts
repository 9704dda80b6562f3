import { Router } from 'express';
import { identifyUser, optionalCaller } from '../../lib/auth.js';
import { validate, validQuery } from '../../lib/validate.js';
import { idParams, mealsByCategoryQuerySchema, mealsQuerySchema, type MealsQuery } from './schemas.js';
import { getPackage, listPackages, mealDetail, mealsByCategory, searchMeals, upcomingMeals } from './service.js';
import type { z } from 'zod';

/** Public reads of meals, upcoming meals and packages. A token only adds the caller's own flags. */
export const mealsRouter = Router();

mealsRouter.get('/mealsByCategory', validate({ query: mealsByCategoryQuerySchema }), async (_req, res) => {
  const { category, limit } = validQuery<z.infer<typeof mealsByCategoryQuerySchema>>(res);
  res.json(await mealsByCategory(category, limit));
});

mealsRouter.get('/meals', validate({ query: mealsQuerySchema }), async (_req, res) => {
  res.json(await searchMeals(validQuery<MealsQuery>(res)));
});

mealsRouter.get('/meal/:id', identifyUser, validate({ params: idParams }), async (req, res) => {
  res.json(await mealDetail(String(req.params.id), optionalCaller(res)?.uid ?? null));
});

mealsRouter.get('/packages', async (_req, res) => {
  res.json(await listPackages());
});

mealsRouter.get('/package/:id', validate({ params: idParams }), async (req, res) => {
  res.json(await getPackage(String(req.params.id)));
});

mealsRouter.get('/upcoming-meals', identifyUser, async (_req, res) => {
  res.json(await upcomingMeals(optionalCaller(res)?.uid ?? null));
});
