// Feedback on the kitchen (docs/api.md "Ratings and complaints"): a member rates the serving
// they were served at, and raises complaints that staff and admins answer. Constants and
// types only; the schemas are in feedback-schemas.ts.
import type { MealSlot } from './menu.js';

/** How long after a serving ends its members may rate it (and edit their rating). */
export const ratingWindowHours = 48;
export const ratingCommentMaxLength = 500;
export const complaintTextMaxLength = 2000;
export const complaintReplyMaxLength = 2000;
export const complaintReasonMaxLength = 500;
/** How many replies and status changes one complaint's thread holds. */
export const complaintThreadMaxEntries = 100;

/**
 * How many complaints one member may raise in a day (hostel time). Every complaint reaches the
 * admins (an email, and the bell when urgent), so without a cap one account could bury them
 * and spend the mail provider's quota; a real member has a bad day a few times, not a dozen.
 * The API reads COMPLAINTS_PER_MEMBER_PER_DAY and falls back to this.
 */
export const defaultComplaintsPerDay = 5;

/** The 409 message once a member has raised that many complaints today. */
export function complaintCapMessage(complaintsPerDay: number): string {
  return `You have raised ${complaintsPerDay} complaint${complaintsPerDay === 1 ? '' : 's'} today; you can raise another tomorrow`;
}

/** The 403 message for an account that is neither a member now nor was ever served a meal. */
export const complaintNotEligibleMessage =
  'Complaints are for residents who eat here: take a membership or be served a meal first';

/**
 * The admins' complaint email is a digest of each window of this many minutes (ADR 68), sent
 * once the window has closed; an urgent complaint is emailed at once, up to
 * `urgentComplaintEmailsPerWindow` in a window, and joins the digest beyond that.
 */
export const complaintDigestWindowMinutes = 60;
export const urgentComplaintEmailsPerWindow = 10;
/** How many complaints one digest lists; it says how many more there were. */
export const complaintDigestMaxListed = 20;

/** Complaints about staff are the admins' alone: kitchen staff neither list nor answer them. */
export const adminOnlyComplaintCategories: readonly ComplaintCategory[] = ['staff'];
export const isAdminOnlyCategory = (category: ComplaintCategory) => adminOnlyComplaintCategories.includes(category);

export const complaintCategories = ['food', 'quantity', 'hygiene', 'allergen', 'staff', 'other'] as const;
export type ComplaintCategory = (typeof complaintCategories)[number];

export const complaintCategoryLabels: Record<ComplaintCategory, string> = {
  food: 'Food quality',
  quantity: 'Quantity',
  hygiene: 'Hygiene',
  allergen: 'Allergen or diet',
  staff: 'Staff',
  other: 'Other',
};

/** A hygiene or allergen complaint is urgent whatever the member ticked. */
export const alwaysUrgentCategories: readonly ComplaintCategory[] = ['hygiene', 'allergen'];
export const isAlwaysUrgent = (category: ComplaintCategory) => alwaysUrgentCategories.includes(category);

export const complaintStatuses = ['open', 'acknowledged', 'resolved', 'declined'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];
/** The statuses staff and admins move a complaint to. */
export const complaintChanges = ['acknowledged', 'resolved', 'declined'] as const;
export type ComplaintChange = (typeof complaintChanges)[number];

export const complaintStatusLabels: Record<ComplaintStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  declined: 'Declined',
};

/** Where each status may go: open -> acknowledged -> resolved, or declined from either. */
export const complaintTransitions: Record<ComplaintStatus, readonly ComplaintChange[]> = {
  open: ['acknowledged', 'resolved', 'declined'],
  acknowledged: ['resolved', 'declined'],
  resolved: [],
  declined: [],
};

/** The buckets of "time to first answer" in Insights. */
export const firstAnswerBuckets = ['withinHour', 'withinDay', 'overDay'] as const;
export type FirstAnswerBucket = (typeof firstAnswerBuckets)[number];
export const firstAnswerBucketLabels: Record<FirstAnswerBucket, string> = {
  withinHour: 'Within an hour',
  withinDay: 'Within a day',
  overDay: 'Over a day',
};

/** The bucket of a first answer `minutes` after the complaint was raised. */
export function firstAnswerBucketOf(minutes: number): FirstAnswerBucket {
  if (minutes <= 60) return 'withinHour';
  if (minutes <= 24 * 60) return 'withinDay';
  return 'overDay';
}

/** POST /servings/{id}/rating: the rating as stored. */
export type ServingRatingSaved = { stars: number; comment: string | null; contactMe: boolean; edited: boolean };

/**
 * One rating as staff and admins read it; `author` only for an admin, and only with contactMe.
 * Staff get no instants (`createdAt` and `updatedAt` null) and the ratings in no time order,
 * only `ratedOn`: an exact time beside the moment they served someone would name the author.
 */
export type ServingRatingEntry = {
  stars: number;
  comment: string | null;
  /** The hostel day of the rating's last change. */
  ratedOn: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  author: { name: string; email: string } | null;
};

/** GET /servings/{id}/ratings */
export type ServingRatings = {
  servingId: string;
  average: number;
  count: number;
  ratings: ServingRatingEntry[];
};

/** A serving the caller was served at and may still rate (GET /my-ratings/due). */
export type DueRating = {
  servingId: string;
  date: string;
  slot: MealSlot;
  meal: { _id: string; title: string };
  endsAt: string;
  /** The end of the window: the rating may be given or changed until then. */
  rateUntil: string;
  /** The caller's rating of it so far, or null. */
  rating: { stars: number; comment: string | null; contactMe: boolean } | null;
};
/** `timeZone`: the hostel's, whose calendar says whether a serving was today. */
export type DueRatings = { items: DueRating[]; timeZone: string };

/** One entry of a complaint's thread: a reply, or a change of status (with its reason). */
export type ComplaintThreadEntry = {
  _id: string;
  kind: 'reply' | 'status';
  /** For a change of status, the status it moved to. */
  status: ComplaintStatus | null;
  text: string | null;
  author: { name: string; role: 'member' | 'staff' | 'admin' };
  createdAt: string | null;
};

/** A complaint as its author, staff and admins read it. */
export type Complaint = {
  _id: string;
  status: ComplaintStatus;
  category: ComplaintCategory;
  urgent: boolean;
  text: string;
  createdAt: string | null;
  /** When staff or an admin first replied or changed its status; null while unanswered. */
  firstAnsweredAt: string | null;
  /** The reason given with a resolution or a refusal. */
  reason: string | null;
  serving: { _id: string; date: string; slot: MealSlot; mealTitle: string } | null;
  /** Who raised it: its name to staff and admins, who answer it; its email to admins only. */
  author: { name: string; email: string | null } | null;
  replies: ComplaintThreadEntry[];
};

/** GET /complaints */
export type ComplaintsPage = { complaints: Complaint[]; nextCursor: string | null };

/** Ratings of one meal or slot over Insights' range. */
export type RatingAverage = { average: number; count: number };

/** Insights' satisfaction: ratings, complaints and how quickly they were answered. */
export type Satisfaction = {
  bySlot: ({ slot: MealSlot } & RatingAverage)[];
  /** Meals rated in the range, most rated first (up to 50). */
  byMeal: ({ mealId: string; title: string } & RatingAverage)[];
  /** The five lowest-rated meals (lowest average first) with their latest comments. */
  lowestRated: ({ mealId: string; title: string; comments: string[] } & RatingAverage)[];
  complaintsByCategory: { category: ComplaintCategory; count: number }[];
  /** Complaints raised in the range by how soon they were first answered; `unanswered` so far. */
  firstAnswer: { bucket: FirstAnswerBucket | 'unanswered'; count: number }[];
  /** The mean minutes to a first answer over the answered ones, or null. */
  averageMinutesToFirstAnswer: number | null;
};

/** How many weeks back the menu planner looks for each meal's rating and reservations. */
export const mealFeedbackWeeks = 4;

/** One meal's recent standing, beside it in the menu planner (GET /meal-feedback). */
export type MealFeedback = {
  mealId: string;
  /** Average stars of its servings in the period, or null when none was rated. */
  average: number | null;
  ratings: number;
  servings: number;
  reserved: number;
  /** Reserved over the places offered, for servings with a capacity; null when none had one. */
  reservationRate: number | null;
};
export type MealFeedbackList = { from: string; to: string; meals: MealFeedback[] };
