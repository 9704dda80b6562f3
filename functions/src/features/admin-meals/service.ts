import { Timestamp } from 'firebase-admin/firestore';
import { searchTokensFor, type AllMealsQuery, type MealInput, type UserAccount } from '@hostelhub/contracts';
import { notFound } from '../../lib/errors.js';
import { collections, db } from '../../lib/firestore.js';
import { readPage } from '../../lib/paging.js';
import { toAdminMeal } from '../../lib/serialize-meal.js';
import { allMealsQuery } from './queries.js';

type MealCollection = typeof collections.meals | typeof collections.upcomingMeals;

/** Counters start at zero and are only ever changed by likes and reviews. */
const freshCounters = () => ({ rating: 0, ratingTotal: 0, likesCount: 0, reviewsCount: 0 });

export async function listAllMeals(input: AllMealsQuery) {
  const { docs, nextCursor } = await readPage(allMealsQuery(input.sort), input.limit, input.cursor);
  return { items: docs.map(toAdminMeal), nextCursor };
}

/** Adds a meal or an upcoming meal; the admin is recorded by uid and name, never by email. */
export async function addMeal(collection: MealCollection, body: MealInput, admin: UserAccount) {
  const ref = db.collection(collection).doc();
  await ref.create({
    ...body,
    searchTokens: searchTokensFor(body.title),
    ...freshCounters(),
    adminUid: admin._id,
    adminName: admin.name,
    postTime: Timestamp.now(),
  });
  return { insertedId: ref.id };
}

/** Edits the admin-owned fields; counters, author and post time stay as they are. */
export async function updateMeal(mealId: string, body: MealInput) {
  const ref = db.collection(collections.meals).doc(mealId);
  await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) throw notFound('Meal not found');
    transaction.update(ref, { ...body, searchTokens: searchTokensFor(body.title) });
  });
  return { modifiedCount: 1 };
}

/** Deletes a meal with its likes and reviews (subcollections are not deleted with their parent). */
export async function deleteMeal(collection: MealCollection, mealId: string) {
  const ref = db.collection(collection).doc(mealId);
  const snapshot = await ref.get();
  if (!snapshot.exists) throw notFound(collection === collections.meals ? 'Meal not found' : 'Upcoming meal not found');
  await db.recursiveDelete(ref);
  return { deletedCount: 1 };
}

/**
 * Publishes an upcoming meal: in one transaction the meal is created under a new id with
 * fresh counters and the upcoming entry is deleted, so a meal is never published twice or
 * lost half-way. Likes of upcoming meals were a poll; they are cleaned up afterwards.
 */
export async function publishUpcomingMeal(upcomingId: string) {
  const upcomingRef = db.collection(collections.upcomingMeals).doc(upcomingId);
  const mealRef = db.collection(collections.meals).doc();
  await db.runTransaction(async (transaction) => {
    const upcoming = await transaction.get(upcomingRef);
    if (!upcoming.exists) throw notFound('Upcoming meal not found');
    const data = upcoming.data() ?? {};
    transaction.create(mealRef, {
      title: data.title,
      category: data.category,
      image: data.image,
      ingredients: data.ingredients,
      description: data.description,
      price: data.price,
      distributorName: data.distributorName,
      distributorEmail: data.distributorEmail,
      adminUid: data.adminUid ?? null,
      adminName: data.adminName ?? '',
      searchTokens: searchTokensFor(String(data.title ?? '')),
      ...freshCounters(),
      postTime: Timestamp.now(),
    });
    transaction.delete(upcomingRef);
  });
  await db.recursiveDelete(upcomingRef.collection(collections.likes));
  return { insertedId: mealRef.id };
}
