import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile, requireAdmin, requireUser } from '../../lib/auth.js';
import { collections } from '../../lib/firestore.js';
import { route } from '../../lib/route.js';
import { addMeal, deleteMeal, listAllMeals, publishUpcomingMeal, updateMeal } from './service.js';

/** Meal management; every route is for admins, checked against Firestore on each request. */
export const adminMealsRouter = Router();

const adminOnly = [requireUser, requireAdmin];

adminMealsRouter.get(
  endpoints.allMeals.path,
  ...adminOnly,
  route(endpoints.allMeals, async ({ query }, _req, res) => {
    res.json(await listAllMeals(query));
  }),
);

adminMealsRouter.post(
  endpoints.addMeal.path,
  ...adminOnly,
  route(endpoints.addMeal, async ({ body }, _req, res) => {
    res.status(201).json(await addMeal(collections.meals, body, adminProfile(res)));
  }),
);

adminMealsRouter.put(
  endpoints.updateMeal.path,
  ...adminOnly,
  route(endpoints.updateMeal, async ({ params, body }, _req, res) => {
    res.json(await updateMeal(params.id, body));
  }),
);

adminMealsRouter.delete(
  endpoints.deleteMeal.path,
  ...adminOnly,
  route(endpoints.deleteMeal, async ({ params }, _req, res) => {
    res.json(await deleteMeal(collections.meals, params.id));
  }),
);

adminMealsRouter.post(
  endpoints.addUpcomingMeal.path,
  ...adminOnly,
  route(endpoints.addUpcomingMeal, async ({ body }, _req, res) => {
    res.status(201).json(await addMeal(collections.upcomingMeals, body, adminProfile(res)));
  }),
);

adminMealsRouter.delete(
  endpoints.deleteUpcomingMeal.path,
  ...adminOnly,
  route(endpoints.deleteUpcomingMeal, async ({ params }, _req, res) => {
    res.json(await deleteMeal(collections.upcomingMeals, params.id));
  }),
);

adminMealsRouter.post(
  endpoints.publishUpcomingMeal.path,
  ...adminOnly,
  route(endpoints.publishUpcomingMeal, async ({ params }, _req, res) => {
    res.status(201).json(await publishUpcomingMeal(params.id));
  }),
);
