import { z } from './zod.js';
import {
  complaintCategories,
  complaintChanges,
  complaintReasonMaxLength,
  complaintReplyMaxLength,
  complaintStatuses,
  complaintTextMaxLength,
  ratingCommentMaxLength,
} from './feedback.js';
import { documentId } from './ids.js';
import { pageQuery } from './paging.js';

/** The messages the site shows under the feedback forms' fields; the API sends them too. */
export const feedbackMessages = {
  starsRequired: 'Choose from 1 to 5 stars',
  commentTooLong: `Please keep your comment under ${ratingCommentMaxLength} characters`,
  textRequired: 'Please say what happened',
  textTooLong: `Please keep it under ${complaintTextMaxLength} characters`,
  replyRequired: 'Write a reply',
  replyTooLong: `Please keep your reply under ${complaintReplyMaxLength} characters`,
  categoryRequired: 'Choose what it is about',
  reasonRequired: 'Say why it is declined',
  reasonTooLong: `Please keep the reason under ${complaintReasonMaxLength} characters`,
} as const;

/** An optional text: blank reads as none. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /servings/{id}/rating */
export const ratingBody = z
  .object({
    stars: z
      .number(feedbackMessages.starsRequired)
      .int(feedbackMessages.starsRequired)
      .min(1, feedbackMessages.starsRequired)
      .max(5, feedbackMessages.starsRequired),
    comment: optionalText(ratingCommentMaxLength, feedbackMessages.commentTooLong),
    contactMe: z.boolean().optional().default(false),
  })
  .strict();
export type RatingBody = z.input<typeof ratingBody>;

/** POST /complaints */
export const complaintBody = z
  .object({
    servingId: documentId.nullish(),
    category: z.enum(complaintCategories, feedbackMessages.categoryRequired),
    text: z
      .string(feedbackMessages.textRequired)
      .trim()
      .min(1, feedbackMessages.textRequired)
      .max(complaintTextMaxLength, feedbackMessages.textTooLong),
    urgent: z.boolean().optional().default(false),
  })
  .strict();
export type ComplaintBody = z.input<typeof complaintBody>;

/** GET /complaints */
export const complaintsQuery = z.object({
  status: z.enum(complaintStatuses).optional(),
  category: z.enum(complaintCategories).optional(),
  /** Only urgent ones (the kitchen view's open urgent complaints); staff and admins only. */
  urgent: z
    .enum(['true'])
    .optional()
    .transform((value) => value === 'true'),
  ...pageQuery,
});
export type ComplaintsQuery = z.input<typeof complaintsQuery>;

/** POST /complaints/{id}/replies */
export const complaintReplyBody = z
  .object({
    text: z
      .string(feedbackMessages.replyRequired)
      .trim()
      .min(1, feedbackMessages.replyRequired)
      .max(complaintReplyMaxLength, feedbackMessages.replyTooLong),
  })
  .strict();
export type ComplaintReplyBody = z.input<typeof complaintReplyBody>;

/** PATCH /complaints/{id}: a reason is required to decline. */
export const complaintPatchBody = z
  .object({
    status: z.enum(complaintChanges),
    reason: optionalText(complaintReasonMaxLength, feedbackMessages.reasonTooLong),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.status === 'declined' && !body.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: feedbackMessages.reasonRequired });
    }
  });
export type ComplaintPatchBody = z.input<typeof complaintPatchBody>;

/** GET /meal-feedback (admin): the planner's figures over the last weeks. */
export const mealFeedbackQuery = z.object({});
