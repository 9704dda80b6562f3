import { z } from 'zod';
import { pageQuery } from '../../lib/paging.js';
import { documentIdSchema } from '../meals/schemas.js';

export const createUserBody = z.strictObject({
  name: z.string().trim().max(120).optional(),
  email: z.email().max(254).optional(),
  photoURL: z.union([z.url({ protocol: /^https?$/ }).max(2048), z.literal(''), z.null()]).optional(),
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
