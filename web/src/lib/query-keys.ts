// Every TanStack Query key of the site, so that a page reading an endpoint and a mutation
// changing it name the same cache entry. One endpoint, one key: the public upcoming meals
// page and the admin list share GET /upcoming-meals, for example.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const queryKeys = {
  profile: {
    all: ['session', 'profile'] as const,
    of: (uid: string | null) => ['session', 'profile', uid] as const,
  },
  meals: {
    /** Every public meal list (by category, the searchable list). */
    all: ['meals'] as const,
    byCategory: (category: string) => ['meals', 'by-category', category] as const,
    list: (filters: object) => ['meals', 'list', filters] as const,
  },
  meal: (id: string) => ['meal', id] as const,
  packages: {
    list: ['packages'] as const,
    detail: (id: string) => ['packages', id] as const,
  },
  purchase: (uid: string | null) => ['already-purchased', uid] as const,
  /** GET /subscription/change-preview for one member and plan: the price of a change, signed for minutes. */
  planChangePreview: (uid: string, packageId: string) => ['plan-change-preview', uid, packageId] as const,
  /** Every user's "already purchased" answer. */
  purchases: ['already-purchased'] as const,
  upcomingMeals: ['upcoming-meals'] as const,
  allMeals: {
    all: ['all-meals'] as const,
    /** One sort, search and category of All Meals. */
    list: (filters: object) => ['all-meals', filters] as const,
  },
  requests: {
    /** Every list of meal requests: the student's own and the admin's. */
    all: ['requested-meals'] as const,
    mine: ['requested-meals', 'mine'] as const,
    /** Every page of GET /my-reservations: the places the caller holds (domain/reservations/reservations.ts). */
    reservations: ['requested-meals', 'reservations'] as const,
    /** GET /meal-request/quota: refreshed with the lists whenever a request changes. */
    quota: ['requested-meals', 'quota'] as const,
    /** GET /my-skips: the servings the member skipped under default booking (ADR 74). */
    skips: ['requested-meals', 'skips'] as const,
    served: {
      all: ['requested-meals', 'admin'] as const,
      search: (search: string) => ['requested-meals', 'admin', search] as const,
      ofServing: (servingId: string) => ['requested-meals', 'admin', 'serving', servingId] as const,
      history: ['requested-meals', 'admin', 'history'] as const,
    },
  },
  /** The weekly menu: GET /menu ranges, a meal's next servings, the kitchen's day. */
  menu: {
    all: ['menu'] as const,
    /** `from` undefined: from today on the hostel's calendar. */
    range: (from: string | undefined, days: number, hall?: string) =>
      ['menu', 'range', from ?? 'today', days, hall ?? 'all'] as const,
    ofMeal: (mealId: string) => ['menu', 'meal', mealId] as const,
    kitchen: (date: string | undefined, hall?: string) => ['menu', 'kitchen', date ?? 'today', hall ?? 'all'] as const,
  },
  /** The member's meal pass: which reservations may show one now, and the signed pass itself. */
  passes: {
    all: ['passes'] as const,
    current: ['passes', 'current'] as const,
    /** GET /passes/offline: the member's passes of the next day, kept to be shown offline (ADR 79). */
    offline: ['passes', 'offline'] as const,
    pass: (target: string) => ['passes', 'pass', target] as const,
  },
  myReviews: ['reviews', 'mine'] as const,
  paymentHistory: ['payment-history'] as const,
  users: {
    all: ['users'] as const,
    search: (nameOrEmail: string) => ['users', nameOrEmail] as const,
  },
  /** GET /email-settings (admins): when next week's menu is emailed. */
  emailSettings: ['email-settings'] as const,
  halls: ['halls'] as const,
  hallSettings: ['hall-settings'] as const,
  /** GET /meal-settings: the booking rule and the leave rules (ADR 74). */
  mealSettings: ['meal-settings'] as const,
  /** GET /user/push: the caller's push choices and devices (ADR 81). */
  push: ['push'] as const,
  /** GET /standing-reservations: the caller's weekly pattern (ADR 74). */
  standingReservations: ['standing-reservations'] as const,
  /** GET /admin-actions: the audit log as an admin filters it (ADR 78). */
  activity: (filters: object) => ['activity', filters] as const,
  /** GET /leaves: a member's own leaves, and the admins' queue by status and month. */
  leave: {
    all: ['leave'] as const,
    mine: ['leave', 'mine'] as const,
    queue: (filters: object) => ['leave', 'queue', filters] as const,
  },
  /** Ratings of servings and complaints (features/feedback). */
  feedback: {
    all: ['feedback'] as const,
    dueRatings: ['feedback', 'due-ratings'] as const,
    complaints: ['feedback', 'complaints'] as const,
    complaintList: (filters: object) => ['feedback', 'complaints', filters] as const,
    /** The kitchen view's open urgent complaints. */
    urgent: ['feedback', 'complaints', 'urgent'] as const,
    /** The menu planner's figures per meal. */
    mealFeedback: ['feedback', 'meal-feedback'] as const,
  },
  /** GET /insights for a range of months, of every hall ('') or one. */
  insights: (from: string, to: string, hall: string) => ['insights', from, to, hall] as const,
};

/**
 * Reads every query under the key again after a change. A read already under way may have
 * left before the change was written; TanStack Query would join it rather than read again
 * when it has no answer yet (a search's first read), so it is dropped and made anew.
 */
export const refreshKey = async (queryClient: QueryClient, queryKey: QueryKey) => {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
};

/** A meal's likes, reviews or rating changed: refresh every list and page that shows it. */
export const invalidateMeal = (queryClient: QueryClient, mealId: string) =>
  Promise.all([
    refreshKey(queryClient, queryKeys.meal(mealId)),
    refreshKey(queryClient, queryKeys.meals.all),
    refreshKey(queryClient, queryKeys.allMeals.all),
  ]);

/**
 * A request was made, cancelled or served: refresh every list of requests (the requester's
 * own and the admin's, which is also an admin's own when they request meals).
 */
export const invalidateRequests = (queryClient: QueryClient) => refreshKey(queryClient, queryKeys.requests.all);

/** Servings changed (planned, reserved, cancelled): refresh every menu, the kitchen's day included. */
export const invalidateMenu = (queryClient: QueryClient) => refreshKey(queryClient, queryKeys.menu.all);
