import { isMember } from '@hostelhub/contracts';
import { converters, dataOf, typed } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { toMembership } from '../../lib/profiles.js';
import { recordMembershipChange } from '../../lib/rollups.js';
import { endedMembershipsQuery } from './queries.js';
import { currentTime } from '../../lib/clock.js';

/**
 * The daily tidy: memberships that have ended are stored as `expired` with the Bronze
 * badge. Nothing depends on it having run (every check asks isMember at that moment); it
 * keeps the stored documents honest for tools that read them raw.
 */
export async function tidyEndedMemberships(now = currentTime()): Promise<number> {
  // Every membership whose period has passed; isMember then says which are still in grace.
  const candidates = await endedMembershipsQuery(now).get();
  let tidied = 0;
  for (const candidate of candidates.docs) {
    const changed = await db.runTransaction(async (transaction) => {
      const user = await transaction.get(typed.users().doc(candidate.id));
      const stored = dataOf(converters.users, user)?.membership;
      const membership = toMembership(stored);
      if (!membership || membership.status === 'expired' || isMember({ membership }, now)) return false;
      transaction.update(user.ref, { 'membership.status': 'expired', badge: 'Bronze' });
      // The membership ends for the insights now, when it is stored as ended (ADR 0036).
      recordMembershipChange(transaction, user.id, stored, { ...stored, status: 'expired' }, now);
      return true;
    });
    if (changed) tidied += 1;
  }
  return tidied;
}
