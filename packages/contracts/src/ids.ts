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

/**
 * Whether `key` is one of `record`'s own keys. A key that came from outside (a query string,
 * a body, an event) is looked up with this, never with `in` or a bare `record[key]`: those
 * also find what every object inherits ('constructor', 'toString', '__proto__').
 */
export function isOwnKey<T extends object>(record: T, key: PropertyKey): key is keyof T {
  return Object.hasOwn(record, key);
}

/** The value `record` itself holds under `key`; undefined for an inherited name. */
export function ownValue<T extends object>(record: T, key: PropertyKey): T[keyof T] | undefined {
  return isOwnKey(record, key) ? record[key] : undefined;
}
