import { z } from 'zod';
import { documentId } from '../../lib/document-id.js';
import { pageQuery } from '../../lib/paging.js';

/** `userEmail` must be the caller's if sent; `status` is always pending on creation. */
export const mealRequestBody = z
  .object({
    mealId: documentId,
    userEmail: z.string().max(320).nullish(),
    status: z.string().max(40).nullish(),
  })
  .strict();
export type MealRequestBody = z.infer<typeof mealRequestBody>;

export const requestIdParams = z.object({ id: documentId });

export const statusUpdateBody = z.object({ id: documentId }).strict();
export type StatusUpdateBody = z.infer<typeof statusUpdateBody>;

export const requestedMealsQuery = z.object({
  email: z.string().trim().max(320).optional(),
  role: z.string().max(40).optional(),
  search: z.string().max(100).optional(),
  ...pageQuery,
});
export type RequestedMealsQuery = z.infer<typeof requestedMealsQuery>;
