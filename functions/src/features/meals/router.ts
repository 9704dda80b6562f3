import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { identifyUser, optionalCaller } from '../../lib/auth.js';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { serve } from '../../lib/route.js';
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

serve(mealsRouter, byCategory, [], ({ query }) => mealsByCategory(query.category, query.limit));
serve(mealsRouter, meals, [], ({ query }) => searchMeals(query));
serve(mealsRouter, meal, [identifyUser], ({ params }, res) => mealDetail(params.id, optionalCaller(res)?.uid ?? null));

/** GET /meal/{id}/reviews?cursor=: the reviews after the first page GET /meal/{id} carried. */
serve(mealsRouter, reviewsPage, [identifyUser], ({ params, query }, res) =>
  mealReviews(params.id, optionalCaller(res)?.uid ?? null, query.limit, query.cursor),
);

serve(mealsRouter, packages, [], () => listPackages());
serve(mealsRouter, endpoints.package, [], ({ params }) => getPackage(params.id));
serve(mealsRouter, upcoming, [identifyUser], ({ query }, res) =>
  upcomingMeals(optionalCaller(res)?.uid ?? null, query.limit, query.cursor),
);
