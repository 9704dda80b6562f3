import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminOnly, adminProfile } from '../../lib/auth.js';
import { collections } from '../../lib/firestore.js';
import { serve } from '../../lib/route.js';
import { addMeal, deleteMeal, listAllMeals, publishUpcomingMeal, updateMeal } from './service.js';

/** Meal management; every route is for admins, checked against Firestore on each request. */
export const adminMealsRouter = Router();

serve(adminMealsRouter, endpoints.allMeals, adminOnly, ({ query }) => listAllMeals(query));
serve(adminMealsRouter, endpoints.addMeal, adminOnly, ({ body }, res) =>
  addMeal(collections.meals, body, adminProfile(res)),
);
serve(adminMealsRouter, endpoints.updateMeal, adminOnly, ({ params, body }) => updateMeal(params.id, body));
serve(adminMealsRouter, endpoints.deleteMeal, adminOnly, ({ params }) => deleteMeal(collections.meals, params.id));
serve(adminMealsRouter, endpoints.addUpcomingMeal, adminOnly, ({ body }, res) =>
  addMeal(collections.upcomingMeals, body, adminProfile(res)),
);
serve(adminMealsRouter, endpoints.deleteUpcomingMeal, adminOnly, ({ params }) =>
  deleteMeal(collections.upcomingMeals, params.id),
);
serve(adminMealsRouter, endpoints.publishUpcomingMeal, adminOnly, ({ params }) => publishUpcomingMeal(params.id));
