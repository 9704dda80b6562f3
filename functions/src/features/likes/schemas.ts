import { z } from 'zod';
import { documentId } from '../../lib/document-id.js';

/** `email` and `badge` come from the spec's client; the server never acts on them. */
export const likeBody = z
  .object({
    mealId: documentId,
    email: z.string().max(320).nullish(),
    badge: z.string().max(40).nullish(),
  })
  .strict();
export type LikeBody = z.infer<typeof likeBody>;
