import { z } from 'zod';
import { pageQuery } from '../../lib/paging.js';
import { documentIdSchema } from '../meals/schemas.js';

/**
 * Profile pictures are shown to every reader of a review and to admins: https only (no
 * javascript:, data: or plain-http tracking), and of bounded length. The rules say the same.
 */
export const photoUrlSchema = z.url({ protocol: /^https$/, error: 'must be an https URL' }).max(2048);

/** A picture URL from elsewhere (the sign-in provider), kept only when it passes the same check. */
export function acceptedPhotoUrl(value: string | null | undefined): string | null {
  return value && photoUrlSchema.safeParse(value).success ? value : null;
}

export const createUserBody = z.strictObject({
  name: z.string().trim().max(120).optional(),
  email: z.email().max(254).optional(),
  photoURL: z.union([photoUrlSchema, z.literal(''), z.null()]).optional(),
  // Sent by the site for compatibility; the server always creates a Bronze student.
  role: z.unknown().optional(),
  badge: z.unknown().optional(),
});

export const userQuery = z.object({ email: z.email().max(254).optional() });

export const usersSearchQuerySchema = z.object({
  nameOrEmail: z.string().max(200).optional(),
  ...pageQuery,
});

export const roleParams = z.object({ uid: documentIdSchema });
export const roleBody = z.strictObject({ role: z.enum(['admin', 'student'], "role must be 'admin' or 'student'") });
