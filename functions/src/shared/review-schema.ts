// A review's rules and their messages, one set for the site's review forms and the API.
import { z } from 'zod';

export const reviewComment = z
  .string('This field is required')
  .trim()
  .min(1, 'This field is required')
  .max(1000, 'Please keep your review under 1000 characters');

export const reviewRating = z
  .number('Please choose a rating')
  .int('Please choose a rating from 1 to 5 stars')
  .min(1, 'Please choose a rating')
  .max(5, 'Please choose a rating from 1 to 5 stars');

/** What the review form and the review edit form hold: both fields, always. */
export const reviewFormSchema = z.object({ comment: reviewComment, rating: reviewRating });
export type ReviewFormValues = z.infer<typeof reviewFormSchema>;
