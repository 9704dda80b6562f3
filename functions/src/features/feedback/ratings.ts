// Ratings of servings: a member served at a serving rates it once, from being served until
// `ratingWindowHours` after the serving ends; a second call edits the same rating. The
// rating is keyed `{servingId}_{uid}` and written in a transaction with its rollup counts,
// so racing calls store one rating and count it once.
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
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
import { collections, db } from '../../lib/firestore.js';
import { countRating, RollupChanges } from '../../lib/rollups.js';
import { servingLabel, servingRef, slotOf } from '../../lib/servings.js';
import { isoTime } from '../../lib/timestamps.js';
import { ratingsOfServing, servedReservationsOfUser } from './queries.js';

const hourMs = 3_600_000;
export const ratingRef = (servingId: string, uid: string) =>
  db.collection(collections.servingRatings).doc(`${servingId}_${uid}`);
const reservationSlotRef = (servingId: string, uid: string) =>
  db.collection(collections.reservationSlots).doc(`${servingId}_${uid}`);
const requestRef = (id: string) => db.collection(collections.mealRequests).doc(id);

const endsAtOf = (serving: DocumentSnapshot) => new Date(isoTime(serving.get('endsAt')) ?? 0);
const rateUntilOf = (serving: DocumentSnapshot) => new Date(endsAtOf(serving).getTime() + ratingWindowHours * hourMs);

type RatingInput = { stars: number; comment: string | null; contactMe: boolean };

/**
 * POST /servings/{id}/rating. Refused with nothing written: a serving that does not exist
 * (404), a caller not served at it (409), a window that has closed (409).
 */
export async function rateServing(
  servingId: string,
  uid: string,
  input: RatingInput,
  now: Date = new Date(),
): Promise<ServingRatingSaved> {
  return db.runTransaction(async (transaction) => {
    const [serving, slot, existing] = await transaction.getAll(
      servingRef(servingId),
      reservationSlotRef(servingId, uid),
      ratingRef(servingId, uid),
    );
    if (!serving?.exists) throw notFound('Serving not found');
    const request = slot?.exists ? await transaction.get(requestRef(String(slot.get('requestId')))) : undefined;
    if (!request?.exists || request.get('status') !== 'delivered' || request.get('userUid') !== uid) {
      throw conflict(`You can rate ${servingLabel(serving)} once you have been served at it`);
    }
    if (now.getTime() > rateUntilOf(serving).getTime()) {
      throw conflict(`Ratings for ${servingLabel(serving)} closed ${ratingWindowHours} hours after it ended`);
    }
    const facts = { date: String(serving.get('date')), slot: slotOf(serving), mealId: String(serving.get('mealId')) };
    const before = existing?.exists ? Number(existing.get('stars')) : null;
    const stored = { stars: input.stars, comment: input.comment, contactMe: input.contactMe };
    if (existing?.exists) {
      transaction.update(existing.ref, { ...stored, updatedAt: FieldValue.serverTimestamp() });
    } else {
      transaction.create(ratingRef(servingId, uid), {
        ...stored,
        servingId,
        uid,
        requestId: request.id,
        mealId: facts.mealId,
        mealTitle: String(serving.get('mealTitle') ?? ''),
        date: facts.date,
        slot: facts.slot,
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
    return { ...stored, edited: before !== null };
  });
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
  const ratings = (await ratingsOfServing(servingId).limit(servingRatingsLimit).get()).docs;
  const contactable = callerIsAdmin
    ? ratings.filter((rating) => rating.get('contactMe') === true).map((rating) => String(rating.get('uid')))
    : [];
  const authors = new Map(
    contactable.length > 0
      ? (await db.getAll(...contactable.map((uid) => db.collection(collections.users).doc(uid)))).map((user) => [
          user.id,
          { name: String(user.get('name') ?? ''), email: String(user.get('email') ?? '') },
        ])
      : [],
  );
  const entries = ratings
    .map((rating) => ({
      stars: Number(rating.get('stars')),
      comment: typeof rating.get('comment') === 'string' ? String(rating.get('comment')) : null,
      createdAt: isoTime(rating.get('createdAt')),
      updatedAt: isoTime(rating.get('updatedAt')),
      author: authors.get(String(rating.get('uid'))) ?? null,
    }))
    .sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
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
export async function dueRatings(uid: string, now: Date = new Date()): Promise<DueRatings> {
  // A serving still open for ratings ended at most 48 hours ago: on one of the last three days.
  const since = addDays(hostelDate(now, hostelTimeZone()), -Math.ceil(ratingWindowHours / 24) - 1);
  const served = await servedReservationsOfUser(uid, since).limit(dueScan).get();
  if (served.empty) return { items: [], timeZone: hostelTimeZone() };
  const servingIds = [...new Set(served.docs.map((request) => String(request.get('servingId'))))];
  const [servings, ratings] = await Promise.all([
    db.getAll(...servingIds.map(servingRef)),
    db.getAll(...servingIds.map((id) => ratingRef(id, uid))),
  ]);
  const ratingOf = new Map(ratings.map((rating) => [rating.id, rating]));
  const items: DueRating[] = servings.flatMap((serving) => {
    if (!serving.exists || now.getTime() > rateUntilOf(serving).getTime()) return [];
    const rating = ratingOf.get(`${serving.id}_${uid}`);
    return [
      {
        servingId: serving.id,
        date: String(serving.get('date')),
        slot: slotOf(serving),
        meal: { _id: String(serving.get('mealId') ?? ''), title: String(serving.get('mealTitle') ?? '') },
        endsAt: endsAtOf(serving).toISOString(),
        rateUntil: rateUntilOf(serving).toISOString(),
        rating: rating?.exists
          ? {
              stars: Number(rating.get('stars')),
              comment: typeof rating.get('comment') === 'string' ? String(rating.get('comment')) : null,
              contactMe: rating.get('contactMe') === true,
            }
          : null,
      },
    ];
  });
  // The latest serving first: "How was lunch today?" asks about the meal just eaten.
  return { items: items.sort((a, b) => b.endsAt.localeCompare(a.endsAt)), timeZone: hostelTimeZone() };
}
