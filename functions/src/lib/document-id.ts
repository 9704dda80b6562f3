import { z } from 'zod';

/**
 * A Firestore document id taken from a client: no slash (it would name another path),
 * not '.' or '..', not a reserved __name__, and of sane length.
 */
export const documentId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is too long')
  .regex(/^[^/]+$/, 'must not contain "/"')
  .refine((id) => id !== '.' && id !== '..' && !/^__.*__$/.test(id), 'is not a valid id');
