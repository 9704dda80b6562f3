// Response shapes of the REST API (docs/api.md). Field names follow the contract.
import type { PublicMeal, PublicReview } from '@shared/api-types';
import type { BadgeName } from '@shared/catalog';

export type { PublicMeal, PublicReview };

export type MealDetail = PublicMeal & {
  reviews: PublicReview[];
  /** Present when a token was sent: whether the caller already liked this meal. */
  liked?: boolean;
  distributorEmail?: string;
};

export type UpcomingMeal = PublicMeal & { liked?: boolean };

export type MealsPage = { meals: PublicMeal[]; total: number; nextCursor: string | null };

export type MembershipPackage = { _id: string; name: string; price: number; services: string[] };

export type Membership = { packageId: string; packageName: string; since: string | null };

/** GET /api/user: the signed-in user's stored record. */
export type UserProfile = {
  _id: string;
  name: string;
  email: string;
  photoURL: string | null;
  role: 'student' | 'admin';
  badge: BadgeName;
  membership: Membership | null;
  numberOfMeals: number;
};

/** The contract's paged lists. */
export type Paged<T> = { items: T[]; nextCursor: string | null };
