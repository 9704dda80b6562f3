import { Router } from 'express';
import { allMealsQuery, idParams, mealBody } from '@hostelhub/contracts';
import { adminProfile, requireAdmin, requireUser } from '../../lib/auth.js';
import { collections } from '../../lib/firestore.js';
import { route } from '../../lib/route.js';
import { addMeal, deleteMeal, listAllMeals, publishUpcomingMeal, updateMeal } from './service.js';

/** Meal management; every route is for admins, checked against Firestore on each request. */
export const adminMealsRouter = Router();

const adminOnly = [requireUser, requireAdmin];

adminMealsRouter.get(
  '/all-meals',
  ...adminOnly,
  route({ query: allMealsQuery }, async ({ query }, _req, res) => {
    res.json(await listAllMeals(query));
  }),
);

adminMealsRouter.post(
  '/add-meal',
  ...adminOnly,
  route({ body: mealBody }, async ({ body }, _req, res) => {
    res.status(201).json(await addMeal(collections.meals, body, adminProfile(res)));
  }),
);

adminMealsRouter.put(
  '/meal/:id',
  ...adminOnly,
  route({ params: idParams, body: mealBody }, async ({ params, body }, _req, res) => {
    res.json(await updateMeal(params.id, body));
  }),
);

adminMealsRouter.delete(
  '/meal/:id',
  ...adminOnly,
  route({ params: idParams }, async ({ params }, _req, res) => {
    res.json(await deleteMeal(collections.meals, params.id));
  }),
);

adminMealsRouter.post(
  '/upcoming-meals',
  ...adminOnly,
  route({ body: mealBody }, async ({ body }, _req, res) => {
    res.status(201).json(await addMeal(collections.upcomingMeals, body, adminProfile(res)));
  }),
);

adminMealsRouter.delete(
  '/delete-upcomingMeal/:id',
  ...adminOnly,
  route({ params: idParams }, async ({ params }, _req, res) => {
    res.json(await deleteMeal(collections.upcomingMeals, params.id));
  }),
);

adminMealsRouter.post(
  '/upcoming-meals/:id/publish',
  ...adminOnly,
  route({ params: idParams }, async ({ params }, _req, res) => {
    res.status(201).json(await publishUpcomingMeal(params.id));
  }),
);
