import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile } from '../../lib/auth.js';
import { collections } from '../../lib/firestore.js';
import { handle } from '../../lib/route.js';
import { addMeal, deleteMeal, listAllMeals, publishUpcomingMeal, updateMeal } from './service.js';

/** Meal management; every route is for admins, checked against Firestore on each request. */
export const adminMealsRouter = Router();

handle(adminMealsRouter, endpoints.allMeals, ({ query }) => listAllMeals(query));
handle(adminMealsRouter, endpoints.addMeal, ({ body }, res) => addMeal(collections.meals, body, adminProfile(res)));
handle(adminMealsRouter, endpoints.updateMeal, ({ params, body }) => updateMeal(params.id, body));
handle(adminMealsRouter, endpoints.deleteMeal, ({ params }) => deleteMeal(collections.meals, params.id));
handle(adminMealsRouter, endpoints.addUpcomingMeal, ({ body }, res) =>
  addMeal(collections.upcomingMeals, body, adminProfile(res)),
);
handle(adminMealsRouter, endpoints.deleteUpcomingMeal, ({ params }) =>
  deleteMeal(collections.upcomingMeals, params.id),
);
handle(adminMealsRouter, endpoints.publishUpcomingMeal, ({ params }) => publishUpcomingMeal(params.id));
