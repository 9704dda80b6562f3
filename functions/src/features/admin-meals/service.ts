import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  hostelDate,
  mealSearchTokens,
  storedLabelFields,
  storedMealLabels,
  type AdminMealsPage,
  type AllMealsQuery,
  type MealInput,
  type UserAccount,
} from '@hostelhub/contracts';
import type { AdminActor } from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { conflict, notFound } from '../../lib/errors.js';
import { converters, readEach, typed } from '../../lib/converters/index.js';
import { collections, db } from '../../lib/firestore.js';
import {
  formerlyPublicFields,
  mealPrivateRef,
  mealsIn,
  privateFieldsOf,
  privateRefOf,
  type MealCollection,
} from '../../lib/meal-private.js';
import { forgetMealTotals } from '../../lib/meal-totals.js';
import { readPage } from '../../lib/paging.js';
import { toAdminMeal } from '../../lib/serialize-meal.js';
import { reservationsHeldMessage, servingsOfMealFrom } from '../../lib/servings.js';
import { allMealsQuery, filteredAllMealsQuery } from './queries.js';
import { currentTime } from '../../lib/clock.js';
import { actorOf, changedFields, fieldsOf, recordAction } from '../../lib/admin-actions.js';

/** What the log keeps of a meal: the admin's fields, not the distributor's email. */
const mealFields = [
  'title',
  'category',
  'price',
  'ingredients',
  'description',
  'image',
  'distributorName',
  'allergens',
  'dietTags',
] as const;

/** A meal as stored, in the log's words (its labels read back as lists). */
const loggedMeal = (stored: Record<string, unknown>) => ({ ...stored, ...storedMealLabels(stored) });

const mealTarget = (collection: MealCollection, id: string, title: unknown) => ({
  type: collection === collections.meals ? 'meal' : 'upcomingMeal',
  id,
  label: typeof title === 'string' ? title : '',
});

/** Counters start at zero and are only ever changed by likes and reviews. */
const freshCounters = () => ({ rating: 0, ratingTotal: 0, likesCount: 0, reviewsCount: 0 });

/** GET /all-meals: one page, and the exact count of matching meals (an aggregation, not a read of each). */
export async function listAllMeals(input: AllMealsQuery): Promise<AdminMealsPage> {
  const filter = { search: input.search, category: input.category };
  const totalRead = filteredAllMealsQuery(filter).count().get();
  const { docs, nextCursor } = await readPage(allMealsQuery(input.sort, filter), input.limit, input.cursor);
  const privateDocs = docs.length > 0 ? await db.getAll(...docs.map(privateRefOf)) : [];
  const total = (await totalRead).data().count;
  return { items: docs.map((doc, index) => toAdminMeal(doc, privateDocs[index])), nextCursor, total };
}

/**
 * A meal form split into what anyone may read and what only admins may (lib/meal-private.ts).
 * Labels are stored with the maps the /meals filters query (storedLabelFields, ADR 0032); a
 * body without `allergens` (the spec's meal body) stores the meal as not declared.
 */
function splitMealInput(body: MealInput) {
  const { distributorEmail, allergens, dietTags, ...fields } = body;
  return { publicFields: { ...fields, ...storedLabelFields({ allergens, dietTags }) }, distributorEmail };
}

/**
 * Adds a meal or an upcoming meal; the admin is recorded by name on the meal and by uid in
 * its private half, never by email. Both documents are written in one batch.
 */
export async function addMeal(collection: MealCollection, body: MealInput, admin: UserAccount) {
  const ref = mealsIn(collection).doc();
  const { publicFields, distributorEmail } = splitMealInput(body);
  const batch = db.batch();
  batch.create(ref, {
    ...publicFields,
    searchTokens: mealSearchTokens(body),
    ...freshCounters(),
    adminName: admin.name,
    postTime: Timestamp.now(),
  });
  batch.create(mealPrivateRef(collection, ref.id), { distributorEmail, adminUid: admin._id });
  recordAction(batch, actorOf(admin), {
    kind: 'meal.added',
    target: mealTarget(collection, ref.id, body.title),
    before: null,
    after: fieldsOf(loggedMeal(body), mealFields),
  });
  await batch.commit();
  if (collection === collections.meals) forgetMealTotals();
  return { insertedId: ref.id };
}

/**
 * Edits the admin-owned fields; counters, author and post time stay as they are. A meal still
 * in the old shape has its private fields moved out of the public document by this write.
 */
export async function updateMeal(mealId: string, body: MealInput, actor: AdminActor) {
  const ref = typed.meals().doc(mealId);
  const privateRef = mealPrivateRef(collections.meals, mealId);
  const { publicFields, distributorEmail } = splitMealInput(body);
  await db.runTransaction(async (transaction) => {
    const [snapshot, privateDoc] = await readEach(transaction, ref, privateRef);
    if (!snapshot?.exists) throw notFound('Meal not found');
    const { adminUid } = privateFieldsOf(snapshot, privateDoc);
    transaction.update(ref, {
      ...publicFields,
      searchTokens: mealSearchTokens(body),
      ...Object.fromEntries(formerlyPublicFields.map((field) => [field, FieldValue.delete()])),
    });
    transaction.set(privateRef, { distributorEmail, adminUid });
    recordAction(transaction, actor, {
      kind: 'meal.changed',
      target: mealTarget(collections.meals, mealId, body.title),
      ...changedFields(loggedMeal(snapshot.data() ?? {}), loggedMeal(body), mealFields),
    });
  });
  // Category, price and labels are what the lists filter on.
  forgetMealTotals();
  return { modifiedCount: 1 };
}

/**
 * Deletes a meal with its likes, reviews (subcollections are not deleted with their parent)
 * and private half. A meal on the menu from today on is refused while any of those servings
 * has reservations (409 naming them, ADR 0029); its other planned servings go with it, in
 * the same transaction that reads them, so a reservation landing meanwhile makes it retry.
 */
export async function deleteMeal(collection: MealCollection, mealId: string, actor: AdminActor) {
  const ref = mealsIn(collection).doc(mealId);
  const snapshot = await ref.get();
  if (!snapshot.exists) throw notFound(collection === collections.meals ? 'Meal not found' : 'Upcoming meal not found');
  const deleted = {
    kind: 'meal.deleted' as const,
    target: mealTarget(collection, mealId, snapshot.data()?.title),
    before: fieldsOf(loggedMeal(snapshot.data() ?? {}), mealFields),
    after: null,
  };
  if (collection !== collections.meals) {
    // The entry and the meal's document go together; its likes follow (not a transaction's worth).
    const batch = db.batch();
    batch.delete(ref);
    recordAction(batch, actor, deleted);
    await batch.commit();
  }
  if (collection === collections.meals) {
    await db.runTransaction(async (transaction) => {
      const planned = await transaction.get(
        servingsOfMealFrom(mealId, hostelDate(currentTime(), hostelTimeZone())).withConverter(converters.servings),
      );
      const booked = planned.docs.filter((serving) => (serving.data().reserved ?? 0) > 0);
      if (booked.length > 0) throw conflict(`${reservationsHeldMessage(booked)}: cancel them before deleting the meal`);
      for (const serving of planned.docs) transaction.delete(serving.ref);
      transaction.delete(ref);
      recordAction(transaction, actor, deleted);
    });
    forgetMealTotals();
  }
  await db.recursiveDelete(ref);
  await mealPrivateRef(collection, mealId).delete();
  return { deletedCount: 1 };
}

/**
 * Publishes an upcoming meal: in one transaction the meal and its private half are created
 * under a new id with fresh counters and the upcoming entry and its private half are deleted,
 * so a meal is never published twice, lost half-way or left without its private fields.
 * Likes of upcoming meals were a poll; they are cleaned up afterwards.
 */
export async function publishUpcomingMeal(upcomingId: string) {
  const upcomingRef = typed.upcomingMeals().doc(upcomingId);
  const upcomingPrivateRef = mealPrivateRef(collections.upcomingMeals, upcomingId);
  const mealRef = typed.meals().doc();
  await db.runTransaction(async (transaction) => {
    const [upcoming, upcomingPrivate] = await readEach(transaction, upcomingRef, upcomingPrivateRef);
    if (!upcoming?.exists) throw notFound('Upcoming meal not found');
    const data = upcoming.data() ?? {};
    transaction.create(mealRef, {
      title: data.title,
      category: data.category,
      image: data.image,
      ingredients: data.ingredients,
      description: data.description,
      price: data.price,
      distributorName: data.distributorName,
      adminName: data.adminName ?? '',
      ...storedLabelFields(storedMealLabels(data)),
      searchTokens: mealSearchTokens({
        title: String(data.title ?? ''),
        ingredients: String(data.ingredients ?? ''),
        description: String(data.description ?? ''),
      }),
      ...freshCounters(),
      postTime: Timestamp.now(),
    });
    transaction.create(mealPrivateRef(collections.meals, mealRef.id), privateFieldsOf(upcoming, upcomingPrivate));
    transaction.delete(upcomingRef);
    transaction.delete(upcomingPrivateRef);
  });
  forgetMealTotals();
  await db.recursiveDelete(typed.likes(upcomingRef));
  return { insertedId: mealRef.id };
}
