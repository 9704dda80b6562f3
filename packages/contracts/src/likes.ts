import { z } from './zod.js';
import { documentId } from './ids.js';

/** POST /like, POST /like-upcoming. `email` must be the caller's if sent; `badge` is ignored. */
export const likeBody = z
  .object({
    mealId: documentId,
    email: z.string().max(320).nullish(),
    badge: z.string().max(40).nullish(),
  })
  .strict();

export type LikeResponse = { modifiedCount: 1; likes: number } | { modifiedCount: 0; likes: number; message: string };

export const alreadyLikedMessage = 'You already liked this meal';
export const premiumOnlyMessage = 'Premium only: upgrade to Silver, Gold or Platinum to like upcoming meals';
