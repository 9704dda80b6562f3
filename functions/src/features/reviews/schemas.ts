import { z } from 'zod';
import { documentId } from '../../lib/document-id.js';
import { pageQuery } from '../../lib/paging.js';
import { reviewComment as comment, reviewRating as rating } from '../../shared/review-schema.js';

export const mealIdQuery = z.object({ mealId: documentId });
export const mealIdParams = z.object({ mealId: documentId });

/** `userName`, `email` and `img` come from the spec's client; the author is the caller. */
export const addReviewBody = z
  .object({
    comment,
    rating,
    userName: z.string().max(200).nullish(),
    email: z.string().max(320).nullish(),
    img: z.string().max(2000).nullish(),
  })
  .strict();
export type AddReviewBody = z.infer<typeof addReviewBody>;

export const editReviewBody = z
  .object({ comment: comment.optional(), rating: rating.optional() })
  .strict()
  .refine((body) => body.comment !== undefined || body.rating !== undefined, 'comment or rating is required');
export type EditReviewBody = z.infer<typeof editReviewBody>;

export const myReviewsQuery = z.object({ email: z.string().trim().max(320).optional(), ...pageQuery });
export type MyReviewsQuery = z.infer<typeof myReviewsQuery>;
