import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../../lib/firestore.js';
import { countOutcomeChange, requestFactsOf, RollupChanges } from '../../lib/rollups.js';
import { servingRef } from '../../lib/servings.js';
import { pendingReservationsOfServing, servingsEndedBetween } from '../../lib/requests/queries.js';
import { currentTime } from '../../lib/clock.js';

/**
 * How far back the daily count looks: a run missed for a few days still counts those
 * servings, and a serving counted once is skipped by its mark, so each run reads about a
 * week of servings whatever the history.
 */
export const noShowLookbackDays = 7;

/**
 * The daily no-show count (ADR 0036): for every serving that ended in the last week and was
 * not counted yet, its reservations still pending are counted "not collected" in the
 * rollups, and the serving is marked (`noShowsCountedAt`, `notCollected`) in the same
 * transaction, so a serving is counted once however often this runs. A reservation served
 * late, or a serve undone, after the count moves between served and not collected
 * (lib/requests/records.ts reads the mark). Returns how many servings it counted.
 */
export async function countUncollectedReservations(now = currentTime()): Promise<number> {
  const since = new Date(now.getTime() - noShowLookbackDays * 24 * 3_600_000);
  const ended = await servingsEndedBetween(since, now).get();
  let counted = 0;
  for (const candidate of ended.docs) {
    if (candidate.data().noShowsCountedAt) continue;
    const done = await db.runTransaction(async (transaction) => {
      const serving = await transaction.get(servingRef(candidate.id));
      const stored = serving.data();
      if (!stored || stored.noShowsCountedAt) return false;
      const pending = await transaction.get(pendingReservationsOfServing(serving.id));
      const changes = new RollupChanges();
      for (const request of pending.docs) {
        countOutcomeChange(changes, requestFactsOf(request.data()), 'pending', 'notCollected');
      }
      transaction.update(serving.ref, { noShowsCountedAt: Timestamp.fromDate(now), notCollected: pending.size });
      changes.writeTo(transaction);
      return true;
    });
    if (done) counted += 1;
  }
  return counted;
}
