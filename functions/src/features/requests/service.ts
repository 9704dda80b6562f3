import { FieldValue, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import {
  isMember,
  membershipRequiredMessage,
  normalizeSearch,
  requesterSearchTokens,
  requestStatuses,
  type Page,
  type RequestedMeal,
  type RequestedMealsQuery,
  type RequestStatus,
  type UserAccount,
} from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { ApiError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { collections, db } from '../../lib/firestore.js';
import { readPage } from '../../lib/paging.js';
import { loadProfile } from '../../lib/profiles.js';
import { isoTime } from '../../lib/timestamps.js';
import { allRequests, requestsByEmail, requestsOfUser } from './queries.js';

const requestRef = (id: string) => db.collection(collections.mealRequests).doc(id);

/** One request document per user and meal: repeating a request finds the same document. */
export const requestIdFor = (mealId: string, uid: string) => `${mealId}_${uid}`;

export type RequestOutcome = { created: true; insertedId: string } | { created: false };

/** Requesting meals is for members: 402 for anyone without a membership now. */
export async function requestMealAsMember(mealId: string, user: TokenClaims): Promise<RequestOutcome> {
  const profile = await loadProfile(user.uid);
  if (!profile || !isMember(profile, new Date())) throw new ApiError(402, membershipRequiredMessage);
  return requestMeal(mealId, { uid: user.uid, email: user.email, profile });
}

/**
 * Creates a pending request, or resets a delivered or cancelled one to pending. Inside one
 * transaction, so racing requests by the same user leave exactly one pending request.
 */
async function requestMeal(
  mealId: string,
  requester: { uid: string; email: string; profile: UserAccount },
): Promise<RequestOutcome> {
  const mealRef = db.collection(collections.meals).doc(mealId);
  const id = requestIdFor(mealId, requester.uid);
  return db.runTransaction(async (transaction) => {
    const [meal, existing] = await transaction.getAll(mealRef, requestRef(id));
    if (!meal?.exists) throw notFound('Meal not found');
    if (existing?.exists && existing.get('status') === 'pending') return { created: false };
    const userName = requester.profile.name;
    transaction.set(requestRef(id), {
      mealId,
      mealTitle: meal.get('title') ?? '',
      userUid: requester.uid,
      userEmail: requester.email,
      userName,
      status: 'pending',
      requestedAt: FieldValue.serverTimestamp(),
      servedAt: null,
      searchTokens: requesterSearchTokens(userName, requester.email),
    });
    return { created: true, insertedId: id };
  });
}

/** The owner withdraws a request that has not been served yet. */
export async function cancelRequest(id: string, uid: string): Promise<void> {
  await db.runTransaction(async (transaction) => {
    const request = await transaction.get(requestRef(id));
    if (!request.exists) throw notFound('Meal request not found');
    if (request.get('userUid') !== uid) throw forbidden('This meal request is not yours');
    if (request.get('status') !== 'pending') throw conflict('Only a pending request can be cancelled');
    transaction.update(request.ref, { status: 'cancelled' });
  });
}

/** An admin serves a request. Serving twice changes nothing; a cancelled request cannot be served. */
export async function markDelivered(id: string): Promise<{ modifiedCount: number }> {
  return db.runTransaction(async (transaction) => {
    const request = await transaction.get(requestRef(id));
    if (!request.exists) throw notFound('Meal request not found');
    const status = request.get('status');
    if (status === 'delivered') return { modifiedCount: 0 };
    if (status === 'cancelled') throw conflict('This meal request was cancelled');
    transaction.update(request.ref, { status: 'delivered', servedAt: FieldValue.serverTimestamp() });
    return { modifiedCount: 1 };
  });
}

/**
 * GET /requested-meals. `email` (already checked to be in the caller's scope) names whose
 * requests to list. Without it an admin sees everyone's, optionally searched; a student
 * sees their own, and asking for everyone's or searching is refused.
 */
export async function listRequestedMeals(
  user: TokenClaims,
  query: Omit<RequestedMealsQuery, 'email'> & { email: string | undefined },
): Promise<Page<RequestedMeal>> {
  if (query.email) {
    const own = query.email.toLowerCase() === user.email.toLowerCase();
    const scoped = own ? requestsOfUser(user.uid) : requestsByEmail(query.email.toLowerCase());
    return readRequestPage(scoped, query.limit, query.cursor);
  }
  const profile = await loadProfile(user.uid);
  if (profile?.role === 'admin') {
    const token = normalizeSearch(query.search ?? '');
    return readRequestPage(allRequests(token || undefined), query.limit, query.cursor);
  }
  if (query.role === 'admin' || query.search) throw forbidden('Admins only');
  return readRequestPage(requestsOfUser(user.uid), query.limit, query.cursor);
}

/** One page of requests, each with its meal's current like and review counts. */
async function readRequestPage(query: Query, limit: number, cursor: string | undefined): Promise<Page<RequestedMeal>> {
  const { docs, nextCursor } = await readPage(query, limit, cursor);
  const meals = await mealsById(docs.map((doc) => String(doc.get('mealId'))));
  return { items: docs.map((doc) => toRequestedMealRow(doc, meals.get(String(doc.get('mealId'))))), nextCursor };
}

/** Reads the meals of a page in one round trip. */
async function mealsById(mealIds: string[]): Promise<Map<string, DocumentSnapshot>> {
  const unique = [...new Set(mealIds)];
  if (unique.length === 0) return new Map();
  const snapshots = await db.getAll(...unique.map((mealId) => db.collection(collections.meals).doc(mealId)));
  return new Map(snapshots.map((snapshot) => [snapshot.id, snapshot]));
}

function toRequestedMealRow(request: DocumentSnapshot, meal: DocumentSnapshot | undefined): RequestedMeal {
  const data = request.data() ?? {};
  const mealData = meal?.exists ? (meal.data() ?? {}) : {};
  return {
    _id: request.id,
    mealId: data.mealId ?? '',
    // The meal's current title; the one stored at request time if the meal is gone.
    title: mealData.title ?? data.mealTitle ?? '',
    likes: mealData.likesCount ?? 0,
    reviews_count: mealData.reviewsCount ?? 0,
    status: requestStatusOf(data.status),
    userEmail: data.userEmail ?? '',
    userName: data.userName ?? '',
    requestedAt: isoTime(data.requestedAt),
  };
}

const requestStatusOf = (value: unknown): RequestStatus =>
  (requestStatuses as readonly unknown[]).includes(value) ? (value as RequestStatus) : 'pending';
