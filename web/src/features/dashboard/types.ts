// Response shapes of the calls the dashboard makes (docs/api.md).
import type { PublicMeal } from '@shared/api-types';
import type { MealCategory } from '@shared/catalog';

/** One page of a cursor-paged list. */
export type Page<T> = { items: T[]; nextCursor: string | null };

export type RequestStatus = 'pending' | 'delivered' | 'cancelled';

export type RequestedMeal = {
  _id: string;
  mealId: string;
  title: string;
  likes: number;
  reviews_count: number;
  status: RequestStatus;
  userEmail: string;
  userName: string;
  requestedAt: string;
};

export type MyReview = {
  _id: string;
  mealId: string;
  mealTitle: string;
  like: number;
  comment: string;
  rating: number;
  timeStamp: string;
};

export type PaymentRecord = {
  _id: string;
  packageName: string;
  email: string;
  amount: number;
  transactionId: string;
  paymentMethod: string[];
  status: string;
  paidAt: string;
};

export type ManagedUser = {
  _id: string;
  name: string;
  email: string;
  photoURL: string | null;
  role: 'student' | 'admin';
  badge: string;
  membership: { packageName: string } | null;
};

/** The body of add, edit and upcoming meal calls. */
export type MealInput = {
  title: string;
  category: MealCategory;
  image: string;
  ingredients: string;
  description: string;
  price: number;
  distributorName: string;
  distributorEmail: string;
};

/** A meal as GET /all-meals lists it for admins (and GET /upcoming-meals). */
export type AdminMeal = PublicMeal & { distributorEmail?: string };

export type UpcomingMeal = AdminMeal & { liked?: boolean };
