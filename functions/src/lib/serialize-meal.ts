import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { storedMealLabels, type AdminMeal, type PublicMeal } from '@hostelhub/contracts';
import { privateFieldsOf } from './meal-private.js';
import { isoTime } from './timestamps.js';

/** A meal (or upcoming meal) as anyone may see it: counts, never anybody's email. */
export function toPublicMeal(snapshot: DocumentSnapshot): PublicMeal {
  const data = snapshot.data() ?? {};
  return {
    _id: snapshot.id,
    title: data.title ?? '',
    category: data.category ?? '',
    image: data.image ?? '',
    ingredients: data.ingredients ?? '',
    description: data.description ?? '',
    price: data.price ?? 0,
    rating: data.rating ?? 0,
    likes: data.likesCount ?? 0,
    reviews_count: data.reviewsCount ?? 0,
    distributorName: data.distributorName ?? '',
    adminName: data.adminName ?? '',
    postTime: isoTime(data.postTime),
    ...storedMealLabels(data),
  };
}

/** What admins see in addition, from the meal's private document (lib/meal-private.ts). */
export function toAdminMeal(snapshot: DocumentSnapshot, privateDoc: DocumentSnapshot | undefined): AdminMeal {
  return { ...toPublicMeal(snapshot), distributorEmail: privateFieldsOf(snapshot, privateDoc).distributorEmail };
}
