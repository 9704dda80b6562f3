import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

// One Admin SDK app per process; the emulator sets FIRESTORE_EMULATOR_HOST for us.
if (getApps().length === 0) initializeApp();

export const db = getFirestore();
export const adminAuth = getAuth();

/** Collection names, in one place so the rules, the API and the tests agree. */
export const collections = {
  users: 'users',
  meals: 'meals',
  upcomingMeals: 'upcomingMeals',
  // The admin-only half of each meal and upcoming meal, keyed by the meal's id (lib/meal-private.ts).
  mealPrivate: 'mealPrivate',
  upcomingMealPrivate: 'upcomingMealPrivate',
  packages: 'packages',
  mealRequests: 'mealRequests',
  pendingMealRequests: 'pendingMealRequests',
  requestQuotas: 'requestQuotas',
  payments: 'payments',
  likes: 'likes',
  reviews: 'reviews',
  // users/{uid}/notifications: a subcollection of each profile.
  notifications: 'notifications',
  // users/{uid}/pushDevices/{id}: the browsers a member receives push on (ADR 81).
  pushDevices: 'pushDevices',
  // Per-minute call counters of the API's rate limits (lib/rate-limit.ts); no client reads them.
  rateLimits: 'rateLimits',
  // The weekly menu (ADR 0029): a meal on a date in a slot, days the kitchen is closed, and
  // a member's hold, the one reservation they may have per serving (keyed `{servingId}_{uid}`).
  servings: 'servings',
  closedDays: 'closedDays',
  // The dining halls (ADR 72): each serving belongs to one; a member's meals at a hall not
  // their own, counted per month (`{uid}_{YYYY-MM}`) against the hostel's limit.
  halls: 'halls',
  hallSwitches: 'hallSwitches',
  hallChoices: 'hallChoices',
  holds: 'holds',
  // The places of a serving, keyed `{servingId}_{index}`: a reservation claims one (ADR 0056).
  servingPlaces: 'servingPlaces',
  // A serving's capacity record, keyed by the serving, that a reservation checks (ADR 0062, 71).
  servingCapacities: 'servingCapacities',
  // The counter's short codes, keyed `{servingId}_{code}` (features/reservations/passes.ts, ADR 0034).
  passCodes: 'passCodes',
  // Insights (ADR 0036): daily and monthly counters, kept in the transactions that change the
  // numbers, and the log of memberships starting, changing tier and ending. Server only.
  rollups: 'rollups',
  membershipChanges: 'membershipChanges',
  // One document per email, in the Trigger Email extension's shape (lib/mail.ts). Server only.
  mail: 'mail',
  // The hostel's settings an admin changes (`settings/email`: when the weekly menu is emailed;
  // `settings/halls`: the members' hall switches a month; `settings/meal`: the booking rule and
  // the leave rules, ADR 74).
  settings: 'settings',
  // Feedback (docs/data-model.md): one rating per member and serving, keyed `{servingId}_{uid}`,
  // and complaints with their thread. Written by the API only.
  servingRatings: 'servingRatings',
  complaints: 'complaints',
  // The complaints' bounds (ADR 68): `member-{uid}` counts a member's complaints of the day,
  // `urgent-email-{window}` the urgent complaints emailed at once in a digest window. Server only.
  complaintCounters: 'complaintCounters',
  // Leave (ADR 74): a member's days away, and per hall and date how many members are on leave
  // (`{hallId}_{YYYY-MM-DD}`), which default booking's headcount subtracts. Server only.
  leaves: 'leaves',
  leaveDays: 'leaveDays',
  // Default booking (ADR 74): a member who will not eat one serving, keyed `{servingId}_{uid}`.
  skips: 'skips',
  // A member's weekly pattern of reservations, keyed by uid, and the servings it has reserved
  // or tried (`{uid}_{servingId}`), so a second run of the week's job reserves nothing twice.
  standingReservations: 'standingReservations',
  standingRuns: 'standingRuns',
  // The audit log (ADR 78): who changed what, written with each change; never changed after.
  adminActions: 'adminActions',
} as const;
