import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile } from '../../lib/auth.js';
import { collections } from '../../lib/firestore.js';
import { handle } from '../../lib/route.js';
import { addMeal, deleteMeal, listAllMeals, publishUpcomingMeal, updateMeal } from './service.js';
import { actorOf } from '../../lib/admin-actions.js';

/** Meal management; every route is for admins, checked against Firestore on each request. */
export const adminMealsRouter = Router();

handle(adminMealsRouter, endpoints.allMeals, ({ query }) => listAllMeals(query));
handle(adminMealsRouter, endpoints.addMeal, ({ body }, res) => addMeal(collections.meals, body, adminProfile(res)));
handle(adminMealsRouter, endpoints.updateMeal, ({ params, body }, res) =>
  updateMeal(params.id, body, actorOf(adminProfile(res))),
);
handle(adminMealsRouter, endpoints.deleteMeal, ({ params }, res) =>
  deleteMeal(collections.meals, params.id, actorOf(adminProfile(res))),
);
handle(adminMealsRouter, endpoints.addUpcomingMeal, ({ body }, res) =>
  addMeal(collections.upcomingMeals, body, adminProfile(res)),
);
handle(adminMealsRouter, endpoints.deleteUpcomingMeal, ({ params }, res) =>
  deleteMeal(collections.upcomingMeals, params.id, actorOf(adminProfile(res))),
);
handle(adminMealsRouter, endpoints.publishUpcomingMeal, ({ params }) => publishUpcomingMeal(params.id));
