// The endpoint table's routes: every route the REST API serves, with who may call it and the
// contract type it answers. The site calls the API through these entries; the API registers
// its handlers against the same entries joined with the schemas their params, query and
// body are validated with (endpoints.ts). The two halves are one table: a type check makes
// every schema name a route, and a test compares the table with the Express app's routes.
// This half imports no zod, so a public page's first scripts do not carry it (ADR 0039).
import type { Insights } from './insights.js';
import type { CurrentPasses, MealPass, Redemption, RedemptionRefusal } from './counter.js';
import type { DietProfile } from './allergens.js';
import type { EmailPreferences, EmailSettings } from './email.js';
import type { ComplaintsPage, DueRatings, MealFeedbackList, ServingRatingSaved, ServingRatings } from './feedback.js';
import type { LikeResponse } from './likes.js';
import type {
  AdminMealsPage,
  Deleted,
  Inserted,
  MealDetail,
  MealsPage,
  Modified,
  PublicMeal,
  UpcomingMeal,
} from './meals.js';
import type { CheckoutPackage, MembershipPackage } from './memberships.js';
import type { KitchenDay, MealServings, Menu, WeekCopied } from './menu.js';
import type { Page } from './paging.js';
import type {
  MembershipChanged,
  PaymentRecord,
  PlanChangePreview,
  PurchasedPackage,
  SubscriptionCreated,
} from './payments.js';
import type { RequestQuota } from './quota.js';
import type { MealRequested, MyReservations, RequestedMeal } from './requests.js';
import type { MyReview, PublicReview, ReviewAdded } from './reviews.js';
import type { ApiToken, Health } from './session.js';
import type { ManagedUser, UserProfile } from './users.js';

/**
 * Who may call: `public` anyone (a token, where sent, only adds the caller's own flags),
 * `user` any valid API token, `staff` a token whose user is kitchen staff or an admin in
 * Firestore now, `admin` a token whose user is an admin in Firestore now.
 */
export const endpointAccess = ['public', 'user', 'staff', 'admin'] as const;
export type EndpointAccess = (typeof endpointAccess)[number];

export type EndpointMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The contract type a route answers: its name for the documents, its type for the code. */
export type Answer<T> = { readonly name: string; readonly status: number; readonly __type?: T };

/** Names the contract type `T` a route answers with `status` (200 unless given). */
export const answer = <T>(name: string, status = 200): Answer<T> => ({ name, status });

/** The status of a route's own refusals (`{ message }` naming the problem), beyond the common ones. */
export type RefusalStatus = 400 | 402 | 403 | 404 | 409 | 410 | 502;

/** A route of the table: where it is, who may call it and what it answers. */
export type Route = {
  readonly method: EndpointMethod;
  /** Express syntax (`/meal/:id`), as the API registers it, without the `/api` prefix. */
  readonly path: string;
  readonly access: EndpointAccess;
  readonly answer: Answer<unknown>;
  /**
   * What else the route answers beyond `answer` and what every route of its kind answers
   * (openapi.ts: 400 for a malformed request, 401 and 403 as `access` says, 413, 429, 503):
   * a further answer with its own type (`answer<T>(name, 208)`), or the status of a refusal
   * whose body is `{ message }`. The OpenAPI document lists each with its schema.
   */
  readonly also?: readonly (Answer<unknown> | RefusalStatus)[];
  /**
   * The handler calls Stripe: the API limits these calls per user beyond its limit on writes
   * (functions/src/lib/rate-limit.ts, ADR 0018). Every route that calls Stripe says so here.
   */
  readonly callsStripe?: true;
};

/** The TypeScript type an endpoint answers. */
export type AnswerOf<E> = E extends { answer: Answer<infer T> } ? T : unknown;

export const routes = {
  // Session
  health: {
    method: 'get',
    path: '/health',
    access: 'public',
    answer: answer<Health>('Health'),
  },
  jwt: {
    method: 'post',
    path: '/jwt',
    access: 'public',
    answer: answer<ApiToken>('ApiToken'),
    also: [403],
  },

  // Users
  createUser: {
    method: 'post',
    path: '/users',
    access: 'user',
    answer: answer<Inserted>('Inserted', 201),
    also: [403],
  },
  user: {
    method: 'get',
    path: '/user',
    access: 'user',
    answer: answer<UserProfile>('UserProfile'),
    also: [403, 404],
  },
  updateDiet: {
    method: 'patch',
    path: '/user/diet',
    access: 'user',
    answer: answer<DietProfile>('DietProfile'),
    also: [404],
  },
  updateEmailPreferences: {
    method: 'patch',
    path: '/user/email-preferences',
    access: 'user',
    answer: answer<EmailPreferences>('EmailPreferences'),
    also: [404],
  },
  unsubscribe: {
    method: 'get',
    path: '/unsubscribe',
    access: 'public',
    answer: answer<string>('text/html'),
    also: [answer<string>('text/html', 400), answer<string>('text/html', 404), answer<string>('text/html', 410)],
  },
  unsubscribeOneClick: {
    method: 'post',
    path: '/unsubscribe',
    access: 'public',
    answer: answer<string>('text/html'),
    also: [answer<string>('text/html', 400), answer<string>('text/html', 404), answer<string>('text/html', 410)],
  },
  users: {
    method: 'get',
    path: '/users',
    access: 'admin',
    answer: answer<Page<ManagedUser>>('Page<ManagedUser>'),
  },
  changeRole: {
    method: 'patch',
    path: '/users/:uid/role',
    access: 'admin',
    answer: answer<Modified>('Modified'),
    also: [404, 409],
  },

  // Meals, upcoming meals and packages (public reads)
  mealsByCategory: {
    method: 'get',
    path: '/mealsByCategory',
    access: 'public',
    answer: answer<PublicMeal[]>('PublicMeal[]'),
  },
  meals: {
    method: 'get',
    path: '/meals',
    access: 'public',
    answer: answer<MealsPage>('MealsPage'),
  },
  meal: {
    method: 'get',
    path: '/meal/:id',
    access: 'public',
    answer: answer<MealDetail>('MealDetail'),
    also: [404],
  },
  mealReviews: {
    method: 'get',
    path: '/meal/:id/reviews',
    access: 'public',
    answer: answer<Page<PublicReview>>('Page<PublicReview>'),
  },
  packages: {
    method: 'get',
    path: '/packages',
    access: 'public',
    answer: answer<MembershipPackage[]>('MembershipPackage[]'),
  },
  package: {
    method: 'get',
    path: '/package/:id',
    access: 'public',
    answer: answer<CheckoutPackage>('CheckoutPackage'),
    also: [404],
  },
  upcomingMeals: {
    method: 'get',
    path: '/upcoming-meals',
    access: 'public',
    answer: answer<Page<UpcomingMeal>>('Page<UpcomingMeal>'),
  },

  // Meal management (admins)
  allMeals: {
    method: 'get',
    path: '/all-meals',
    access: 'admin',
    answer: answer<AdminMealsPage>('AdminMealsPage'),
  },
  addMeal: {
    method: 'post',
    path: '/add-meal',
    access: 'admin',
    answer: answer<Inserted>('Inserted', 201),
  },
  updateMeal: {
    method: 'put',
    path: '/meal/:id',
    access: 'admin',
    answer: answer<Modified>('Modified'),
    also: [404],
  },
  deleteMeal: {
    method: 'delete',
    path: '/meal/:id',
    access: 'admin',
    answer: answer<Deleted>('Deleted'),
    also: [404, 409],
  },
  addUpcomingMeal: {
    method: 'post',
    path: '/upcoming-meals',
    access: 'admin',
    answer: answer<Inserted>('Inserted', 201),
  },
  deleteUpcomingMeal: {
    method: 'delete',
    path: '/delete-upcomingMeal/:id',
    access: 'admin',
    answer: answer<Deleted>('Deleted'),
    also: [404, 409],
  },
  publishUpcomingMeal: {
    method: 'post',
    path: '/upcoming-meals/:id/publish',
    access: 'admin',
    answer: answer<Inserted>('Inserted', 201),
    also: [404],
  },

  // Likes
  like: {
    method: 'post',
    path: '/like',
    access: 'user',
    answer: answer<LikeResponse>('LikeResponse'),
    also: [403, 404],
  },
  likeUpcoming: {
    method: 'post',
    path: '/like-upcoming',
    access: 'user',
    answer: answer<LikeResponse>('LikeResponse'),
    also: [402, 403, 404],
  },

  // Meal requests
  requestMeal: {
    method: 'post',
    path: '/meal-request',
    access: 'user',
    answer: answer<MealRequested>('MealRequested', 201),
    also: [answer<MealRequested>('MealRequested', 208), 402, 403, 404, 409],
  },
  requestQuota: {
    method: 'get',
    path: '/meal-request/quota',
    access: 'user',
    answer: answer<RequestQuota>('RequestQuota'),
  },
  cancelRequest: {
    method: 'patch',
    path: '/meal-request/:id/cancel',
    access: 'user',
    answer: answer<Modified>('Modified'),
    also: [403, 404, 409],
  },
  requestedMeals: {
    method: 'get',
    path: '/requested-meals',
    access: 'user',
    answer: answer<Page<RequestedMeal>>('Page<RequestedMeal>'),
    also: [403],
  },
  serveRequest: {
    method: 'patch',
    path: '/requested-meal/status/update',
    access: 'staff',
    answer: answer<Modified>('Modified'),
    also: [404, 409],
  },
  undoServe: {
    method: 'patch',
    path: '/requested-meal/status/undo',
    access: 'staff',
    answer: answer<Modified>('Modified'),
    also: [404, 409],
  },

  // Reviews
  addReview: {
    method: 'post',
    path: '/add-review',
    access: 'user',
    answer: answer<ReviewAdded>('ReviewAdded', 201),
    also: [403, 404, 409],
  },
  editReview: {
    method: 'patch',
    path: '/review/:mealId',
    access: 'user',
    answer: answer<Modified>('Modified'),
    also: [404],
  },
  deleteReview: {
    method: 'delete',
    path: '/review/:mealId',
    access: 'user',
    answer: answer<Deleted>('Deleted'),
    also: [404],
  },
  myReviews: {
    method: 'get',
    path: '/reviews',
    access: 'user',
    answer: answer<Page<MyReview>>('Page<MyReview>'),
    also: [403],
  },

  // Payments and subscriptions
  alreadyPurchased: {
    method: 'get',
    path: '/already_purchased',
    access: 'user',
    answer: answer<PurchasedPackage>('PurchasedPackage'),
    also: [403],
  },
  paymentHistory: {
    method: 'get',
    path: '/payment-history',
    access: 'user',
    answer: answer<Page<PaymentRecord>>('Page<PaymentRecord>'),
    also: [403],
  },
  subscribe: {
    method: 'post',
    path: '/subscriptions',
    access: 'user',
    callsStripe: true,
    answer: answer<SubscriptionCreated>('SubscriptionCreated', 201),
    also: [402, 403, 404, 409, 502],
  },
  syncSubscription: {
    method: 'post',
    path: '/subscriptions/:id/sync',
    access: 'user',
    callsStripe: true,
    answer: answer<MembershipChanged>('MembershipChanged'),
    also: [403, 404, 409, 502],
  },
  cancelSubscription: {
    method: 'post',
    path: '/subscription/cancel',
    access: 'user',
    callsStripe: true,
    answer: answer<MembershipChanged>('MembershipChanged'),
    also: [404, 409, 502],
  },
  resumeSubscription: {
    method: 'post',
    path: '/subscription/resume',
    access: 'user',
    callsStripe: true,
    answer: answer<MembershipChanged>('MembershipChanged'),
    also: [404, 409, 502],
  },
  previewPlanChange: {
    method: 'get',
    path: '/subscription/change-preview',
    access: 'user',
    callsStripe: true,
    answer: answer<PlanChangePreview>('PlanChangePreview'),
    also: [404, 409, 502],
  },
  changePlan: {
    method: 'post',
    path: '/subscription/change',
    access: 'user',
    callsStripe: true,
    answer: answer<MembershipChanged>('MembershipChanged'),
    also: [402, 404, 409, 502],
  },
  // The weekly menu (ADR 0029)
  menu: {
    method: 'get',
    path: '/menu',
    access: 'public',
    answer: answer<Menu>('Menu'),
  },
  mealServings: {
    method: 'get',
    path: '/meal/:id/servings',
    access: 'public',
    answer: answer<MealServings>('MealServings'),
    also: [404],
  },
  addServing: {
    method: 'post',
    path: '/servings',
    access: 'admin',
    answer: answer<Inserted>('Inserted', 201),
    also: [404, 409],
  },
  updateServing: {
    method: 'patch',
    path: '/servings/:id',
    access: 'admin',
    answer: answer<Modified>('Modified'),
    also: [404, 409],
  },
  deleteServing: {
    method: 'delete',
    path: '/servings/:id',
    access: 'admin',
    answer: answer<Deleted>('Deleted'),
    also: [404, 409],
  },
  closeDay: {
    method: 'put',
    path: '/closed-days/:date',
    access: 'admin',
    answer: answer<Modified>('Modified'),
    also: [409],
  },
  reopenDay: {
    method: 'delete',
    path: '/closed-days/:date',
    access: 'admin',
    answer: answer<Deleted>('Deleted'),
    also: [404],
  },
  copyWeek: {
    method: 'post',
    path: '/menu/copy-week',
    access: 'admin',
    answer: answer<WeekCopied>('WeekCopied', 201),
  },
  myReservations: {
    method: 'get',
    path: '/my-reservations',
    access: 'user',
    answer: answer<MyReservations>('MyReservations'),
  },
  emailSettings: {
    method: 'get',
    path: '/email-settings',
    access: 'admin',
    answer: answer<EmailSettings>('EmailSettings'),
  },
  updateEmailSettings: {
    method: 'put',
    path: '/email-settings',
    access: 'admin',
    answer: answer<EmailSettings>('EmailSettings'),
  },
  kitchen: {
    method: 'get',
    path: '/kitchen',
    access: 'staff',
    answer: answer<KitchenDay>('KitchenDay'),
    also: [answer<string>('text/csv')],
  },

  // The counter
  currentPasses: {
    method: 'get',
    path: '/passes/current',
    access: 'user',
    answer: answer<CurrentPasses>('CurrentPasses'),
  },
  createPass: {
    method: 'post',
    path: '/passes',
    access: 'user',
    answer: answer<MealPass>('MealPass', 201),
    also: [402, 403, 404, 409],
  },
  redeemPass: {
    method: 'post',
    path: '/redemptions',
    access: 'staff',
    answer: answer<Redemption>('Redemption', 201),
    also: [400, 403, 409, 410].map((status) => answer<RedemptionRefusal>('RedemptionRefusal', status)),
  },
  // Ratings and complaints (docs/api.md "Ratings and complaints")
  rateServing: {
    method: 'post',
    path: '/servings/:id/rating',
    access: 'user',
    answer: answer<ServingRatingSaved>('ServingRatingSaved'),
    also: [404, 409],
  },
  servingRatings: {
    method: 'get',
    path: '/servings/:id/ratings',
    access: 'staff',
    answer: answer<ServingRatings>('ServingRatings'),
    also: [404],
  },
  dueRatings: {
    method: 'get',
    path: '/my-ratings/due',
    access: 'user',
    answer: answer<DueRatings>('DueRatings'),
  },
  raiseComplaint: {
    method: 'post',
    path: '/complaints',
    access: 'user',
    answer: answer<Inserted>('Inserted', 201),
    also: [403, 404],
  },
  complaints: {
    method: 'get',
    path: '/complaints',
    access: 'user',
    answer: answer<ComplaintsPage>('ComplaintsPage'),
    also: [403],
  },
  replyToComplaint: {
    method: 'post',
    path: '/complaints/:id/replies',
    access: 'user',
    answer: answer<Inserted>('Inserted', 201),
    also: [403, 404, 409],
  },
  updateComplaint: {
    method: 'patch',
    path: '/complaints/:id',
    access: 'staff',
    answer: answer<Modified>('Modified'),
    also: [404, 409],
  },
  mealFeedback: {
    method: 'get',
    path: '/meal-feedback',
    access: 'admin',
    answer: answer<MealFeedbackList>('MealFeedbackList'),
  },

  // Insights (admins)
  insights: {
    method: 'get',
    path: '/insights',
    access: 'admin',
    answer: answer<Insights>('Insights'),
  },
  paymentsExport: {
    method: 'get',
    path: '/exports/payments.csv',
    access: 'admin',
    answer: answer<string>('text/csv'),
  },
  membersExport: {
    method: 'get',
    path: '/exports/members.csv',
    access: 'admin',
    answer: answer<string>('text/csv'),
  },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** A path of the table with its `:name` segments filled in, each encoded as one segment. */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));
}
