import { Timestamp } from 'firebase-admin/firestore';

/** Firestore Timestamps leave the API as ISO strings. */
export function isoTime(value: unknown): string | null {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  return null;
}
