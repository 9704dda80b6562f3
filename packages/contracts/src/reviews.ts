import { z } from './zod.js';
import { documentId } from './ids.js';
import { pageQuery } from './paging.js';

/**
 * The rules of a review, with the messages the site shows under its fields. The API sends
 * the same message, prefixed with the field (`comment: This field is required`).
 */
export const reviewMessages = {
  commentRequired: 'This field is required',
  commentTooLong: 'Please keep your review under 1000 characters',
  ratingRequired: 'Please choose a rating',
  ratingRange: 'Choose a rating from 1 to 5 stars',
} as const;

export const reviewCommentMaxLength = 1000;

export const reviewComment = z
  .string(reviewMessages.commentRequired)
  .trim()
  .min(1, reviewMessages.commentRequired)
  .max(reviewCommentMaxLength, reviewMessages.commentTooLong);

export const reviewRating = z
  .number(reviewMessages.ratingRequired)
  .int(reviewMessages.ratingRange)
  .min(1, reviewMessages.ratingRequired)
  .max(5, reviewMessages.ratingRange);

/** The fields a person fills in to write or edit a review. */
export const reviewFields = z.object({ comment: reviewComment, rating: reviewRating });
export type ReviewFields = z.infer<typeof reviewFields>;

export const mealIdQuery = z.object({ mealId: documentId });
export const mealIdParams = z.object({ mealId: documentId });

/** POST /add-review?mealId=. `userName`, `email` and `img` are accepted but the author is the caller. */
export const addReviewBody = z
  .object({
    comment: reviewComment,
    rating: reviewRating,
    userName: z.string().max(200).nullish(),
    email: z.string().max(320).nullish(),
    img: z.string().max(2000).nullish(),
  })
  .strict();
export type AddReviewBody = z.infer<typeof addReviewBody>;

/** PATCH /review/{mealId} */
export const editReviewBody = z
  .object({ comment: reviewComment.optional(), rating: reviewRating.optional() })
  .strict()
  .refine((body) => body.comment !== undefined || body.rating !== undefined, 'comment or rating is required');
export type EditReviewBody = z.infer<typeof editReviewBody>;

/** GET /reviews */
export const myReviewsQuery = z.object({ email: z.string().trim().max(320).optional(), ...pageQuery });

/** POST /add-review: the new review's id. */
export type ReviewAdded = { modifiedCount: 1; insertedId: string };

/** A review as anyone may read it (GET /meal/{id}). */
export type PublicReview = {
  _id: string;
  mealId: string;
  userName: string;
  img: string | null;
  comment: string;
  rating: number;
  timeStamp: string | null;
  /** True for the caller's own review when a token was sent. */
  mine: boolean;
};

/** A row of GET /reviews ("My Reviews"), with its meal's current title and like count. */
export type MyReview = {
  _id: string;
  mealId: string;
  mealTitle: string;
  like: number;
  comment: string;
  rating: number;
  timeStamp: string | null;
};
