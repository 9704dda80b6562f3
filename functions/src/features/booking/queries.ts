// The leave queries (ADR 74), in pure functions so test/support/indexed-queries.ts checks each
// against firestore.indexes.json. A leave lists the months its days fall in (`months`), so one
// equality or array filter finds every leave that touches a month.
import type { LeaveStatus } from '@hostelhub/contracts';
import { typed } from '../../lib/converters/index.js';

/** A member's own leaves, latest first. */
export const leavesOfMember = (uid: string) => typed.leaves().where('uid', '==', uid).orderBy('from', 'desc');

/** Every leave, by first day, filtered by status and a month it touches (the admins' queue). */
export function leavesForAdmins(filter: { status?: LeaveStatus | undefined; month?: string | undefined }) {
  let query = typed.leaves().orderBy('from', 'asc');
  if (filter.status !== undefined) query = query.where('status', '==', filter.status);
  if (filter.month !== undefined) query = query.where('months', 'array-contains', filter.month);
  return query;
}
