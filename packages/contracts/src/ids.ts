import { z } from './zod.js';

/**
 * A Firestore document id taken from a client: no slash (it would name another path),
 * not '.' or '..', not a reserved __name__, and of sane length. A bad id is the client's
 * mistake (400), never a database error.
 */
export const documentId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is too long')
  .regex(/^[^/]+$/, 'must not contain "/"')
  .refine((id) => id !== '.' && id !== '..' && !/^__.*__$/.test(id), 'not a valid id');

export const idParams = z.object({ id: documentId });
