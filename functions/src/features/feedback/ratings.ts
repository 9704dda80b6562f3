// Ratings of servings: a member served at a serving rates it once, from being served until
// `ratingWindowHours` after the serving ends; a second call edits the same rating. The
// rating is keyed `{servingId}_{uid}` and written in a transaction with its rollup counts,
// so racing calls store one rating and count it once.
import { FieldValue } from 'firebase-admin/firestore';
import {
  addDays,
  hostelDate,
  ratingWindowHours,
  type DueRating,
  type DueRatings,
  type ServingRatings,
  type ServingRatingSaved,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { conflict, notFound } from '../../lib/errors.js';
import { hallIdOf } from '../../lib/halls.js';
import { readAll, readEach, typed, type ServingDocument } from '../../lib/converters/index.js';
import { RollupChanges } from '../../lib/rollups.js';
import { countRating } from '../../lib/satisfaction-rollups.js';
import { holdRef, servingKey, servingLabel, servingRef } from '../../lib/servings.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import { isoTime } from '../../lib/timestamps.js';
import { ratingsOfServing, servedReservationsOfUser } from './queries.js';
import { currentTime } from '../../lib/clock.js';

const hourMs = 3_600_000;
export const ratingRef = (servingId: string, uid: string) => typed.servingRatings().doc(`${servingId}_${uid}`);
const requestRef = (id: string) => typed.mealRequests().doc(id);

const endsAtOf = (serving: ServingDocument) => new Date(isoTime(serving.endsAt) ?? 0);
const rateUntilOf = (serving: ServingDocument) => new Date(endsAtOf(serving).getTime() + ratingWindowHours * hourMs);

type RatingInput = { stars: number; comment: string | null; contactMe: boolean };

/**
 * POST /servings/{id}/rating. Refused with nothing written: a serving that does not exist
 * (404), a caller not served at it (409), a window that has closed (409).
 */
export async function rateServing(
  servingId: string,
  uid: string,
  input: RatingInput,
  now: Date = currentTime(),
): Promise<ServingRatingSaved> {
  // Contended on the serving (its sums) like a reservation: a member's racing calls, or a
  // room rating at once after a meal, queue on this instance instead of aborting each other
  // into the SDK's second-long backoff, which a busy host ran out of.
  return runContendedTransaction(
    async (transaction) => {
      const [serving, hold, existing] = await readEach(
        transaction,
        servingRef(servingId),
        holdRef(servingId, uid),
        ratingRef(servingId, uid),
      );
      const stored = serving.data();
      if (!stored) throw notFound('Serving not found');
      const holdData = hold.data();
      const request = holdData ? await transaction.get(requestRef(holdData.requestId)) : undefined;
      const requestData = request?.data();
      if (!request || requestData?.status !== 'served' || requestData.userUid !== uid) {
        throw conflict(`You can rate ${servingLabel(serving)} once you have been served at it`);
      }
      if (now.getTime() > rateUntilOf(stored).getTime()) {
        throw conflict(`Ratings for ${servingLabel(serving)} closed ${ratingWindowHours} hours after it ended`);
      }
      const facts = { date: stored.date, slot: stored.slot, mealId: stored.mealId, hallId: hallIdOf(stored) };
      const before = existing.data()?.stars ?? null;
      const rating = { stars: input.stars, comment: input.comment, contactMe: input.contactMe };
      if (existing.exists) {
        transaction.update(existing.ref, { ...rating, updatedAt: FieldValue.serverTimestamp() });
      } else {
        transaction.create(ratingRef(servingId, uid), {
          ...rating,
          servingId,
          uid,
          requestId: request.id,
          mealId: facts.mealId,
          mealTitle: stored.mealTitle ?? '',
          date: facts.date,
          slot: facts.slot,
          hallId: facts.hallId,
          createdAt: FieldValue.serverTimestamp(),
          updatedAt: FieldValue.serverTimestamp(),
        });
      }
      // The serving keeps its own sums too: the menu planner reads a meal's recent servings.
      transaction.update(serving.ref, {
        ratingCount: FieldValue.increment(before === null ? 1 : 0),
        ratingStars: FieldValue.increment(input.stars - (before ?? 0)),
      });
      const changes = new RollupChanges();
      countRating(changes, facts, before, input.stars);
      changes.writeTo(transaction);
      return { ...rating, edited: before !== null };
    },
    { key: servingKey(servingId) },
  );
}

/** How many ratings GET /servings/{id}/ratings reads: more than any serving's members. */
const servingRatingsLimit = 500;

/**
 * GET /servings/{id}/ratings: anonymous to staff; an admin sees who wrote a rating only when
 * its author ticked "the kitchen may contact me".
 */
export async function servingRatings(servingId: string, callerIsAdmin: boolean): Promise<ServingRatings> {
  const serving = await servingRef(servingId).get();
  if (!serving.exists) throw notFound('Serving not found');
  const ratings = (await ratingsOfServing(servingId).limit(servingRatingsLimit).get()).docs.map((rating) =>
    rating.data(),
  );
  const contactable = callerIsAdmin ? ratings.filter((rating) => rating.contactMe === true).map(({ uid }) => uid) : [];
  const authors = new Map(
    contactable.length > 0
      ? (await readAll(contactable.map((uid) => typed.users().doc(uid)))).map((user) => {
          const profile = user.data();
          return [user.id, { name: profile?.name ?? '', email: profile?.email ?? '' }] as const;
        })
      : [],
  );
  const timed = ratings.map((rating) => {
    const updatedAt = isoTime(rating.updatedAt);
    return {
      stars: rating.stars,
      comment: rating.comment ?? null,
      ratedOn: updatedAt ? hostelDate(new Date(updatedAt), hostelTimeZone()) : null,
      createdAt: isoTime(rating.createdAt),
      updatedAt,
      author: authors.get(rating.uid) ?? null,
    };
  });
  // Staff get the day only, and the ratings by stars and words: an instant, or an order by
  // time (or by the key, which holds the uid), beside the moment they served someone would
  // tell them who wrote an anonymous rating. Admins keep the latest first.
  const entries = callerIsAdmin
    ? timed.sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''))
    : timed
        .map((entry) => ({ ...entry, createdAt: null, updatedAt: null }))
        .sort((a, b) => b.stars - a.stars || (a.comment ?? '').localeCompare(b.comment ?? ''));
  const total = entries.reduce((sum, entry) => sum + entry.stars, 0);
  return {
    servingId,
    count: entries.length,
    average: entries.length === 0 ? 0 : Math.round((total / entries.length) * 100) / 100,
    ratings: entries,
  };
}

/** How many served reservations GET /my-ratings/due looks through. */
const dueScan = 20;

/** GET /my-ratings/due: the servings the caller was served at whose window is still open. */
export async function dueRatings(uid: string, now: Date = currentTime()): Promise<DueRatings> {
  // A serving still open for ratings ended at most 48 hours ago: on one of the last three days.
  const since = addDays(hostelDate(now, hostelTimeZone()), -Math.ceil(ratingWindowHours / 24) - 1);
  const served = await servedReservationsOfUser(uid, since).limit(dueScan).get();
  if (served.empty) return { items: [], timeZone: hostelTimeZone() };
  const servingIds = [...new Set(served.docs.map((request) => String(request.data().servingId)))];
  const [servings, ratings] = await Promise.all([
    readAll(servingIds.map(servingRef)),
    readAll(servingIds.map((id) => ratingRef(id, uid))),
  ]);
  const ratingOf = new Map(ratings.map((rating) => [rating.id, rating.data()]));
  const items: DueRating[] = servings.flatMap((serving) => {
    const stored = serving.data();
    if (!stored || now.getTime() > rateUntilOf(stored).getTime()) return [];
    const rating = ratingOf.get(`${serving.id}_${uid}`);
    return [
      {
        servingId: serving.id,
        date: stored.date,
        slot: stored.slot,
        meal: { _id: stored.mealId, title: stored.mealTitle ?? '' },
        endsAt: endsAtOf(stored).toISOString(),
        rateUntil: rateUntilOf(stored).toISOString(),
        rating: rating
          ? { stars: rating.stars, comment: rating.comment ?? null, contactMe: rating.contactMe === true }
          : null,
      },
    ];
  });
  // The latest serving first: "How was lunch today?" asks about the meal just eaten.
  return { items: items.sort((a, b) => b.endsAt.localeCompare(a.endsAt)), timeZone: hostelTimeZone() };
}
