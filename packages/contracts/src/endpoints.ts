// The endpoint table: every route the REST API serves (routes.ts: method, path, who may call
// it, the contract type it answers) joined with the schemas its params, query and body are
// validated with. The API registers its handlers against these entries
// (functions/src/lib/route.ts), a test compares the table with the Express app's routes both
// ways, and docs/openapi.json and docs/api-reference.md are generated from it
// (`npm run openapi`; ADR 0024). The site calls the API through `routes`, without the schemas.
import type { z } from './zod.js';
import { routes, type Route, type RouteName } from './routes.js';
import { routeSummaries } from './route-summaries.js';
import { insightsQuery, membersExportQuery, paymentsExportQuery } from './insights.js';
import { passBody, redemptionBody } from './counter.js';
import { dietProfileBody } from './allergen-schemas.js';
import { emailPreferencesBody, emailSettingsBody, unsubscribeQuery } from './email.js';
import {
  complaintBody,
  complaintPatchBody,
  complaintReplyBody,
  complaintsQuery,
  mealFeedbackQuery,
  ratingBody,
} from './feedback-schemas.js';
import {
  leaveBody,
  leavePatchBody,
  leavesQuery,
  mealSettingsBody,
  standingReservationsBody,
} from './booking-schemas.js';
import { adminActionsExportQuery, adminActionsQuery } from './admin-action-schemas.js';
import { hallBody, hallPatchBody, hallSettingsBody, homeHallBody, staffHallsBody } from './hall-schemas.js';
import { idParams } from './ids.js';
import { likeBody } from './likes.js';
import {
  allMealsQuery,
  mealBody,
  mealReviewsQuery,
  mealsByCategoryQuery,
  mealsQuery,
  upcomingMealsListQuery,
} from './meals.js';
import {
  closedDayBody,
  closedDayParams,
  copyWeekBody,
  kitchenQuery,
  feedParams,
  menuQuery,
  servingBody,
  servingPatchBody,
} from './menu-schemas.js';
import {
  changePlanBody,
  changePlanPreviewQuery,
  createSubscriptionBody,
  ownEmailQuery,
  paymentHistoryQuery,
  subscriptionParams,
} from './payments.js';
import {
  mealRequestBody,
  myReservationsQuery,
  requestedMealsQuery,
  requestIdParams,
  statusUpdateBody,
} from './request-schemas.js';
import { addReviewBody, editReviewBody, mealIdParams, mealIdQuery, myReviewsQuery } from './reviews.js';
import { jwtBody } from './session.js';
import { closeAccountBody } from './my-data-schemas.js';
import { pushDeviceBody, pushDeviceParams, pushPreferencesBody } from './push.js';
import { createUserBody, roleBody, roleParams, userQuery, usersSearchQuery } from './users.js';

/** The schemas a route's params, query and body are parsed with. */
export type EndpointSchemas = {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
};

/** What a route does, in a line (route-summaries.ts). */
export type Summarised = { readonly summary: string };

/** A route of the table with its summary and its schemas. */
export type Endpoint = Route & Summarised & EndpointSchemas;

const schemas = {
  jwt: { body: jwtBody },
  createUser: { body: createUserBody },
  user: { query: userQuery },
  updateDiet: { body: dietProfileBody },
  closeAccount: { body: closeAccountBody },
  updateEmailPreferences: { body: emailPreferencesBody },
  updatePushPreferences: { body: pushPreferencesBody },
  addPushDevice: { body: pushDeviceBody },
  removePushDevice: { params: pushDeviceParams },
  unsubscribe: { query: unsubscribeQuery },
  unsubscribeOneClick: { query: unsubscribeQuery },
  users: { query: usersSearchQuery },
  changeRole: { params: roleParams, body: roleBody },
  mealsByCategory: { query: mealsByCategoryQuery },
  meals: { query: mealsQuery },
  meal: { params: idParams },
  mealReviews: { params: idParams, query: mealReviewsQuery },
  package: { params: idParams },
  upcomingMeals: { query: upcomingMealsListQuery },
  allMeals: { query: allMealsQuery },
  addMeal: { body: mealBody },
  updateMeal: { params: idParams, body: mealBody },
  deleteMeal: { params: idParams },
  addUpcomingMeal: { body: mealBody },
  deleteUpcomingMeal: { params: idParams },
  publishUpcomingMeal: { params: idParams },
  like: { body: likeBody },
  likeUpcoming: { body: likeBody },
  requestMeal: { body: mealRequestBody },
  cancelRequest: { params: requestIdParams },
  requestedMeals: { query: requestedMealsQuery },
  serveRequest: { body: statusUpdateBody },
  undoServe: { body: statusUpdateBody },
  reserve: { params: idParams },
  cancelReservation: { params: idParams },
  myReservations: { query: myReservationsQuery },
  addReview: { query: mealIdQuery, body: addReviewBody },
  editReview: { params: mealIdParams, body: editReviewBody },
  deleteReview: { params: mealIdParams },
  myReviews: { query: myReviewsQuery },
  alreadyPurchased: { query: ownEmailQuery },
  paymentHistory: { query: paymentHistoryQuery },
  subscribe: { body: createSubscriptionBody },
  syncSubscription: { params: subscriptionParams },
  previewPlanChange: { query: changePlanPreviewQuery },
  changePlan: { body: changePlanBody },
  menu: { query: menuQuery },
  menuCalendar: { params: feedParams },
  openMensaFeed: { params: feedParams },
  mealServings: { params: idParams },
  addServing: { body: servingBody },
  updateServing: { params: idParams, body: servingPatchBody },
  deleteServing: { params: idParams },
  closeDay: { params: closedDayParams, body: closedDayBody },
  reopenDay: { params: closedDayParams },
  copyWeek: { body: copyWeekBody },
  updateEmailSettings: { body: emailSettingsBody },
  addHall: { body: hallBody },
  updateHall: { params: idParams, body: hallPatchBody },
  deleteHall: { params: idParams },
  updateHallSettings: { body: hallSettingsBody },
  setHomeHall: { params: roleParams, body: homeHallBody },
  chooseNextHall: { body: homeHallBody },
  assignHalls: { params: roleParams, body: staffHallsBody },
  updateMealSettings: { body: mealSettingsBody },
  applyForLeave: { body: leaveBody },
  leaves: { query: leavesQuery },
  decideLeave: { params: idParams, body: leavePatchBody },
  cancelLeave: { params: idParams },
  setStandingReservations: { body: standingReservationsBody },
  kitchen: { query: kitchenQuery },
  createPass: { body: passBody },
  redeemPass: { body: redemptionBody },
  rateServing: { params: idParams, body: ratingBody },
  servingRatings: { params: idParams },
  raiseComplaint: { body: complaintBody },
  complaints: { query: complaintsQuery },
  replyToComplaint: { params: idParams, body: complaintReplyBody },
  updateComplaint: { params: idParams, body: complaintPatchBody },
  mealFeedback: { query: mealFeedbackQuery },
  insights: { query: insightsQuery },
  paymentsExport: { query: paymentsExportQuery },
  membersExport: { query: membersExportQuery },
  adminActions: { query: adminActionsQuery },
  adminActionsExport: { query: adminActionsExportQuery },
} as const satisfies { readonly [name in RouteName]?: EndpointSchemas };

type Joined<R, S> = {
  readonly [name in keyof R]: name extends keyof S ? R[name] & Summarised & S[name] : R[name] & Summarised;
};

function join<R extends Record<RouteName, Route>, S extends { readonly [name in keyof R]?: EndpointSchemas }>(
  table: R,
  summaries: Record<RouteName, string>,
  parts: S,
): Joined<R, S> {
  const entries = Object.entries(table).map(([name, route]) => [
    name,
    { ...route, summary: summaries[name as RouteName], ...parts[name as keyof R] },
  ]);
  return Object.fromEntries(entries) as Joined<R, S>;
}

export const endpoints = join(routes, routeSummaries, schemas);

export type EndpointName = RouteName;

/** The entry of `endpoints` for an entry of `routes`: the same route with its schemas. */
export type EndpointOf<R extends Route> = Extract<(typeof endpoints)[EndpointName], R>;

/** What a call of a route sends as its body, as the route's body schema reads it. */
export type BodyOf<R extends Route> =
  EndpointOf<R> extends { body: infer Body extends z.ZodType } ? z.input<Body> : never;
