// A request record as the lists answer it (GET /requested-meals, GET /my-reservations): with its
// meal's current title, likes and reviews and its serving, each read once per page.
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { requestStatusOnTheWire, type RequestedMeal } from '@hostelhub/contracts';
import { readAll, typed, type MealDocument, type MealRequestDocument } from '../converters/index.js';
import { servingRef, toReservationServing, type ServingSnapshot } from '../servings.js';
import { isoTime } from '../timestamps.js';
import type { RequestSnapshot } from './records.js';

/** Rows for request records, with their meals and servings read in one round trip each. */
export async function toRequestedMealRows(docs: RequestSnapshot[]): Promise<RequestedMeal[]> {
  const stored = docs.map((doc) => doc.data());
  const [meals, servings] = await Promise.all([
    mealsById(stored.map((request) => String(request?.mealId))),
    servingsById(stored.flatMap((request) => (request?.servingId === undefined ? [] : [request.servingId]))),
  ]);
  return docs.map((doc, index) =>
    toRequestedMealRow(doc, meals.get(String(stored[index]?.mealId)), servings.get(String(stored[index]?.servingId))),
  );
}

/** Reads documents by id in one round trip, keyed by id. */
async function byId<T>(
  ids: string[],
  refOf: (id: string) => DocumentReference<T>,
): Promise<Map<string, DocumentSnapshot<T>>> {
  const snapshots = await readAll([...new Set(ids)].map(refOf));
  return new Map(snapshots.map((snapshot) => [snapshot.id, snapshot]));
}

const servingsById = (servingIds: string[]) => byId(servingIds, servingRef);

/** Reads the meals of a page in one round trip. */
const mealsById = (mealIds: string[]) => byId(mealIds, (id) => typed.meals().doc(id));

function toRequestedMealRow(
  request: RequestSnapshot,
  meal: DocumentSnapshot<MealDocument> | undefined,
  serving: ServingSnapshot | undefined,
): RequestedMeal {
  const data: Partial<MealRequestDocument> = request.data() ?? {};
  const mealData: Partial<MealDocument> = meal?.data() ?? {};
  return {
    _id: request.id,
    mealId: data.mealId ?? '',
    // The meal's current title; the one stored at request time if the meal is gone.
    title: mealData.title ?? data.mealTitle ?? '',
    likes: mealData.likesCount ?? 0,
    reviews_count: mealData.reviewsCount ?? 0,
    status: requestStatusOnTheWire(data.status),
    userEmail: data.userEmail ?? '',
    userName: data.userName ?? '',
    requestedAt: isoTime(data.requestedAt),
    servedAt: isoTime(data.servedAt),
    cancelledAt: isoTime(data.cancelledAt),
    priority: data.priority === true,
    // A reservation's serving; null for the spec's undated request (or a deleted serving).
    serving: serving?.exists ? toReservationServing(serving) : null,
  };
}
