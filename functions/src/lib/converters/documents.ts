// What each collection holds (docs/data-model.md), as zod schemas checked when a document is
// read (ADR 57). Enums and value checks come from the contracts; the Timestamps are
// Firestore's, which the contracts (zod only) cannot name. A field older documents lack is
// optional here, as the code that reads it already treats it.
import { Timestamp } from 'firebase-admin/firestore';
import {
  adminActionKinds,
  leaveStatuses,
  complaintCategories,
  complaintStatuses,
  mealSlots,
  membershipStatuses,
  storedRequestStatuses,
  z,
} from '@hostelhub/contracts';

const timestamp = z.instanceof(Timestamp);
/** Set by the server (`serverTimestamp()`), null or absent until the event happens. */
const optionalTime = timestamp.nullish();
const text = z.string();
const count = z.number();
const counter = count.optional();
/** A map of named counters (rollups): a field missing is 0. */
const tallies = z.record(z.string(), z.unknown());

export const membershipDocument = z.object({
  packageId: text,
  packageName: text.optional(),
  status: z.enum(membershipStatuses),
  currentPeriodEnd: timestamp.optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  subscriptionId: text.nullish(),
});

export const userDocument = z.object({
  name: text.nullish(),
  email: text.nullish(),
  photoURL: text.nullish(),
  // The API reads an unknown role as a student's and an unknown badge as Bronze (lib/profiles.ts).
  role: text.optional(),
  badge: text.optional(),
  // An unrecognised membership reads as none (toMembership), so only its being an object is checked.
  membership: z.record(z.string(), z.unknown()).nullish(),
  stripeCustomerId: text.optional(),
  checkoutSubscriptionId: text.optional(),
  createdAt: optionalTime,
  diet: z.unknown().optional(),
  emailPreferences: z.record(z.string(), z.unknown()).optional(),
  pushPreferences: z.record(z.string(), z.unknown()).optional(),
  searchTokens: z.array(text).optional(),
  // ADR 72: the hall a resident eats at, and the halls a member of staff works at (none: all).
  homeHallId: text.nullish(),
  hallIds: z.array(text).optional(),
  // The hall a member chose for a month ahead (`YYYY-MM`), theirs from that month on.
  nextHall: z.object({ hallId: text, month: text }).nullish(),
  // ADR 74: leave credit waiting for the member's next invoice, in cents.
  leaveCreditCents: count.optional(),
  // ADR 75: the account is being closed (DELETE /user began and may be repeated to finish).
  closing: z.object({ anonymousId: text, startedAt: timestamp }).optional(),
});

export const notificationDocument = z.object({
  kind: text,
  title: text,
  body: text,
  link: text.nullish(),
  createdAt: optionalTime,
  readAt: optionalTime,
  /** What the push of this notice came to (features/push/deliver.ts), once it was tried. */
  push: z
    .object({ state: text, at: optionalTime, sent: z.number().optional(), gone: z.number().optional() })
    .optional(),
});

/** `users/{uid}/pushDevices/{id}`: one browser's FCM registration token (ADR 81). */
export const pushDeviceDocument = z.object({
  token: text,
  label: text,
  createdAt: optionalTime,
  lastSeenAt: optionalTime,
});

/** `meals/{id}` and `upcomingMeals/{id}`: the same shape. */
export const mealDocument = z.object({
  title: text.optional(),
  category: text.optional(),
  image: text.optional(),
  ingredients: text.optional(),
  description: text.optional(),
  price: count.optional(),
  distributorName: text.optional(),
  adminName: text.optional(),
  searchTokens: z.array(text).optional(),
  likesCount: counter,
  reviewsCount: counter,
  ratingTotal: counter,
  rating: counter,
  postTime: optionalTime,
  allergens: z.array(text).nullish(),
  dietTags: z.array(text).nullish(),
  freeOf: z.record(z.string(), z.boolean()).nullish(),
  diets: z.record(z.string(), z.boolean()).nullish(),
  // Meals stored before the private half still carry these (docs/data-model.md).
  distributorEmail: text.optional(),
  adminUid: text.optional(),
});

/** `mealPrivate/{id}` and `upcomingMealPrivate/{id}`. */
// adminUid is null for a meal whose adding admin is unknown (seeded, or stored before ADR 0020).
export const mealPrivateDocument = z.object({ distributorEmail: text.optional(), adminUid: text.nullish() });

export const likeDocument = z.object({ uid: text, createdAt: optionalTime });

export const reviewDocument = z.object({
  uid: text,
  mealId: text,
  mealTitle: text.optional(),
  userName: text.optional(),
  img: text.nullish(),
  comment: text.optional(),
  rating: count,
  timeStamp: optionalTime,
  updatedAt: optionalTime,
});

export const mealRequestDocument = z.object({
  mealId: text,
  mealTitle: text.optional(),
  userUid: text,
  userEmail: text.optional(),
  userName: text.optional(),
  status: z.enum(storedRequestStatuses),
  priority: z.boolean().optional(),
  quotaWeek: text.optional(),
  requestedAt: optionalTime,
  servedAt: optionalTime,
  servedBy: z.object({ uid: text, name: text }).nullish(),
  cancelledAt: optionalTime,
  searchTokens: z.array(text).optional(),
  servingId: text.optional(),
  servingDate: text.optional(),
  servingSlot: z.enum(mealSlots).optional(),
  // The serving's hall (ADR 72), which the rollups count by; absent: the first hall's.
  servingHall: text.optional(),
  // The serving's place a reservation holds (ADR 56); null without a capacity, absent before places.
  place: z.number().int().nonnegative().nullish(),
  walkIn: z.boolean().optional(),
  // A reservation at a hall not the member's own (ADR 72): counted in their month's switches.
  hallSwitch: z.boolean().optional(),
  // Served at the counter under default booking (ADR 74): counted without a reservation.
  byDefault: z.boolean().optional(),
  // The pass signed for showing offline (ADR 79): signed again from these, never drawn twice.
  offlinePass: z.object({ shortCode: text, nonce: text, expiresAt: timestamp }).optional(),
});

export const pendingMealRequestDocument = z.object({ requestId: text, mealId: text, userUid: text });

export const requestQuotaDocument = z.object({
  lastRequestId: text.optional(),
  updatedAt: optionalTime,
  cancelsOn: text.optional(),
  cancels: counter,
});

export const servingDocument = z.object({
  mealId: text,
  // Its hall (ADR 72); absent on servings planned before halls, which are the first hall's.
  hallId: text.optional(),
  mealTitle: text.optional(),
  mealImage: text.optional(),
  mealPrice: count.optional(),
  mealCategory: text.optional(),
  date: text,
  slot: z.enum(mealSlots),
  startTime: text.optional(),
  endTime: text.optional(),
  // Read through isoTime, which takes a missing instant as none.
  startsAt: optionalTime,
  endsAt: optionalTime,
  cutoffAt: optionalTime,
  capacity: count.nullish(),
  reserved: counter,
  served: counter,
  // Default booking (ADR 74): members of its hall who will not eat it.
  skipped: counter,
  version: counter,
  createdAt: optionalTime,
  updatedAt: optionalTime,
  noShowsCountedAt: optionalTime,
  notCollected: counter,
  ratingCount: counter,
  ratingStars: counter,
});

export const closedDayDocument = z.object({ note: text.optional(), closedBy: text.optional(), closedAt: optionalTime });

/** A member's hold on a serving: the one reservation they have there (ADR 71). */
export const holdDocument = z.object({ requestId: text, servingId: text, userUid: text });

/**
 * A serving's place held by one reservation (ADR 56), or closed by a lowered capacity (ADR 60:
 * no reservation, null). Before ADR 71 the serving's capacity record was stored here too, as
 * `{servingId}_limit` with `limit`: until the migration moves it, readers leave it out.
 */
export const servingPlaceDocument = z.object({
  servingId: text,
  index: z.number().int().nonnegative(),
  requestId: text.nullable(),
  userUid: text.nullable(),
  limit: z.number().int().nonnegative().nullable().optional(),
});

/** The capacity a reservation that read none checks (ADR 62), null for no limit (ADR 71). */
export const servingCapacityDocument = z.object({
  servingId: text,
  capacity: z.number().int().nonnegative().nullable(),
});

export const passCodeDocument = z.object({
  uid: text,
  servingId: text,
  requestId: text.nullable(),
  nonce: text,
  expiresAt: timestamp,
  createdAt: optionalTime,
});

export const packageDocument = z.object({
  name: text,
  price: count,
  services: z.array(text).optional(),
  weeklyRequestLimit: count.nullish(),
  priorityServing: z.boolean().optional(),
});

export const paymentDocument = z.object({
  uid: text,
  email: text.nullish(),
  packageId: text.optional(),
  packageName: text.optional(),
  amount: count.optional(),
  amountInCents: count.optional(),
  currency: text.optional(),
  transactionId: text.optional(),
  paymentMethod: z.array(text).optional(),
  status: text,
  paidAt: optionalTime,
  invoiceId: text.optional(),
  subscriptionId: text.nullish(),
  taxInCents: count.optional(),
  // The payer's hall in the month paid (ADR 72); absent on rows from before halls: the first hall's.
  hallId: text.optional(),
  // Leave credit the invoice took off (ADR 74), from its starting balance.
  creditCents: count.optional(),
});

export const rateLimitDocument = z.object({
  scope: text.optional(),
  count,
  windowStart: optionalTime,
  expiresAt: optionalTime,
});

/** `rollups/{YYYY-MM-DD}` (a day) and `rollups/{YYYY-MM}` (a month): counters, a missing one is 0. */
export const rollupDocument = z.object({
  date: text.optional(),
  month: text.optional(),
  requested: counter,
  reserved: counter,
  served: counter,
  cancelled: counter,
  notCollected: counter,
  slots: tallies.optional(),
  // Per hall (ADR 72): the counters above of what happened at that hall, by the same paths.
  halls: tallies.optional(),
  ratings: tallies.optional(),
  revenue: tallies.optional(),
  members: tallies.optional(),
  mealRequests: tallies.optional(),
  mealRatings: tallies.optional(),
  complaints: tallies.optional(),
  leave: tallies.optional(),
});

export const membershipChangeDocument = z.object({
  uid: text,
  from: text.nullable(),
  to: text.nullable(),
  at: timestamp,
});

export const mailDocument = z.object({
  to: text,
  message: tallies,
  kind: text,
  key: text,
  uid: text,
  noticeId: text.nullish(),
  createdAt: optionalTime,
  delivery: tallies.optional(),
});

/** `settings/email`: checked by `emailSettingsOf`, which falls back to the defaults. */
export const settingsDocument = z.object({
  weeklyMenu: z.unknown().optional(),
  switchesPerMonth: z.number().int().nonnegative().optional(),
  chooseUntilDay: z.number().int().positive().nullish(),
  // `settings/meal` (ADR 74): checked by `mealSettingsOf`, which falls back to the defaults.
  booking: z.unknown().optional(),
  leave: z.unknown().optional(),
});

/** One entry of the audit log (ADR 78): written in the transaction of the change it records. */
export const adminActionDocument = z.object({
  at: timestamp,
  actor: z.object({ uid: text, name: text, role: text }),
  kind: z.enum(adminActionKinds),
  target: z.object({ type: text, id: text, label: text }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

/** A member's leave (ADR 74): whole days in the hostel's calendar, and the credit it earns. */
export const leaveDocument = z.object({
  uid: text,
  name: text,
  email: text,
  from: text,
  to: text,
  days: count,
  /** The months (`YYYY-MM`) its days fall in: how the queue and the rules find it. */
  months: z.array(text),
  status: z.enum(leaveStatuses),
  reason: text.nullish(),
  decisionReason: text.nullish(),
  creditCents: count,
  /** The hall each month of the leave counts at, `YYYY-MM` to hall (default booking's headcount). */
  hallByMonth: z.record(z.string(), z.string()).optional(),
  /** The Stripe customer balance transaction that credited it, and the one that took it back. */
  creditTransactionId: text.nullish(),
  reversalTransactionId: text.nullish(),
  creditedAt: optionalTime,
  appliedAt: optionalTime,
  decidedAt: optionalTime,
  decidedBy: text.nullish(),
  cancelledAt: optionalTime,
});

/** Members on approved leave at a hall on a date (ADR 74), kept with each leave's approval and cancel. */
export const leaveDayDocument = z.object({ hallId: text, date: text, count });

/** A member will not eat this serving (default booking, ADR 74). */
export const skipDocument = z.object({ servingId: text, uid: text, date: text.optional(), createdAt: optionalTime });

/**
 * A member's standing reservations (ADR 74): each weekday and slot reserved for them.
 * `summarizedWeeks`: the weeks (Mondays) whose summary email was written, the last few kept.
 */
export const standingReservationDocument = z.object({
  uid: text,
  pattern: z.array(z.object({ weekday: count, slot: z.enum(mealSlots) })),
  updatedAt: optionalTime,
  summarizedWeeks: z.array(text).optional(),
});

/**
 * One serving a member's standing reservations reserved or tried (ADR 74): never again.
 * `outcome` reserved, held (a place held already), full, quota or refused; `message` the refusal's.
 */
export const standingRunDocument = z.object({
  uid: text,
  servingId: text,
  week: text,
  outcome: text,
  message: text.nullish(),
  createdAt: optionalTime,
});

/** A member's reservations at a hall not their own in one month (ADR 72), kept by reserve and cancel. */
export const hallSwitchDocument = z.object({ uid: text, month: text, count: counter });

/** How many members chose a hall for one month (ADR 72), against its member limit. */
export const hallChoiceDocument = z.object({ hallId: text, month: text, count: counter });

/** A dining hall (ADR 72): the meal times it serves and its own closed days. */
export const hallDocument = z.object({
  name: text,
  slots: z.array(z.enum(mealSlots)),
  closedDays: z.array(text),
  memberLimit: z.number().int().positive().nullish(),
  createdAt: optionalTime,
  updatedAt: optionalTime,
});

export const servingRatingDocument = z.object({
  servingId: text,
  uid: text,
  requestId: text.optional(),
  mealId: text,
  mealTitle: text.optional(),
  date: text,
  slot: z.enum(mealSlots),
  // The serving's hall (ADR 72); absent on ratings from before halls: the first hall's.
  hallId: text.optional(),
  stars: count,
  comment: text.nullish(),
  contactMe: z.boolean().optional(),
  createdAt: optionalTime,
  updatedAt: optionalTime,
});

export const complaintEntry = z.object({
  id: text,
  kind: z.enum(['reply', 'status']),
  status: z.enum(complaintStatuses).nullish(),
  text: text.nullish(),
  authorUid: text,
  authorName: text,
  authorRole: z.enum(['member', 'staff', 'admin']),
  createdAt: optionalTime,
});

export const complaintDocument = z.object({
  uid: text,
  authorName: text.optional(),
  authorEmail: text.optional(),
  servingId: text.nullish(),
  serving: z
    .object({ id: text, date: text, slot: z.enum(mealSlots), mealId: text.optional(), mealTitle: text.optional() })
    .nullish(),
  category: z.enum(complaintCategories),
  text,
  urgent: z.boolean().optional(),
  status: z.enum(complaintStatuses),
  answered: z.boolean().optional(),
  firstAnsweredAt: optionalTime,
  reason: text.nullish(),
  replies: z.array(complaintEntry).optional(),
  createdAt: optionalTime,
  updatedAt: optionalTime,
  acknowledgedAt: optionalTime,
  resolvedAt: optionalTime,
  declinedAt: optionalTime,
  /** The digest window (its start, ISO) whose email lists it; null when it was emailed at once. */
  digestWindow: text.nullish(),
});

/** `complaintCounters/{id}`: a count of the day (`member-{uid}`) or of a window (`urgent-email-{window}`). */
export const complaintCounterDocument = z.object({
  period: text,
  count,
  updatedAt: optionalTime,
});
