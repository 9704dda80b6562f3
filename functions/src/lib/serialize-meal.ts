import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { AdminMeal, PublicMeal } from '@hostelhub/contracts';
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
  };
}

/** What admins see in addition. */
export function toAdminMeal(snapshot: DocumentSnapshot): AdminMeal {
  return { ...toPublicMeal(snapshot), distributorEmail: (snapshot.data()?.distributorEmail as string) ?? '' };
}
