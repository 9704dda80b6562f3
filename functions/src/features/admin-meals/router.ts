import { Router, type Response } from 'express';
import type { z } from 'zod';
import { requireAdmin, requireUser, type UserProfile } from '../../lib/auth.js';
import { collections } from '../../lib/firestore.js';
import { validate, validQuery } from '../../lib/validate.js';
import type { MealBody } from '../../shared/meal-schema.js';
import { allMealsQuerySchema, idParams, mealBody } from './schemas.js';
import { addMeal, deleteMeal, listAllMeals, publishUpcomingMeal, updateMeal } from './service.js';

/** Meal management; every route is for admins, checked against Firestore on each request. */
export const adminMealsRouter = Router();

const adminOnly = [requireUser, requireAdmin];
const adminProfile = (res: Response) => res.locals.profile as UserProfile;

adminMealsRouter.get('/all-meals', ...adminOnly, validate({ query: allMealsQuerySchema }), async (_req, res) => {
  res.json(await listAllMeals(validQuery<z.infer<typeof allMealsQuerySchema>>(res)));
});

adminMealsRouter.post('/add-meal', ...adminOnly, validate({ body: mealBody }), async (req, res) => {
  res.status(201).json(await addMeal(collections.meals, req.body as MealBody, adminProfile(res)));
});

adminMealsRouter.put('/meal/:id', ...adminOnly, validate({ params: idParams, body: mealBody }), async (req, res) => {
  res.json(await updateMeal(String(req.params.id), req.body as MealBody));
});

adminMealsRouter.delete('/meal/:id', ...adminOnly, validate({ params: idParams }), async (req, res) => {
  res.json(await deleteMeal(collections.meals, String(req.params.id)));
});

adminMealsRouter.post('/upcoming-meals', ...adminOnly, validate({ body: mealBody }), async (req, res) => {
  res.status(201).json(await addMeal(collections.upcomingMeals, req.body as MealBody, adminProfile(res)));
});

adminMealsRouter.delete('/delete-upcomingMeal/:id', ...adminOnly, validate({ params: idParams }), async (req, res) => {
  res.json(await deleteMeal(collections.upcomingMeals, String(req.params.id)));
});

adminMealsRouter.post('/upcoming-meals/:id/publish', ...adminOnly, validate({ params: idParams }), async (req, res) => {
  res.status(201).json(await publishUpcomingMeal(String(req.params.id)));
});
