// Typed Firestore documents (ADR 57): one converter per collection, its shape the zod schema in
// documents.ts, checked whenever a document is read, and a typed accessor per collection. A
// document that does not match fails loudly, naming its collection and id, instead of turning
// into a silent `undefined` somewhere downstream.
import type {
  CollectionGroup,
  CollectionReference,
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  Transaction,
} from 'firebase-admin/firestore';
import { storedRequestStatusOf, type z } from '@hostelhub/contracts';
import { collections, db } from '../firestore.js';
import * as documents from './documents.js';

export * from './documents.js';

/** A stored document that is not in its collection's shape: a fault of the data, not the caller. */
export class StoredDocumentError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`The stored document ${path} is not in its collection's shape: ${detail}`);
    this.name = 'StoredDocumentError';
  }
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`).join('; ');
}

/**
 * The converter of a collection whose documents have `schema`'s shape. A read is checked and
 * answers the stored data itself (fields the schema does not name are kept, so copying a
 * document loses nothing); a write is passed through as given, sentinels included.
 */
export function documentConverter<Schema extends z.ZodType<DocumentData>>(
  collection: string,
  schema: Schema,
  /** Reads a document stored in an older shape as the current one (until its migration runs). */
  upgrade: (stored: DocumentData) => DocumentData = (stored) => stored,
): FirestoreDataConverter<z.infer<Schema>, DocumentData> {
  return {
    toFirestore: (data) => data as DocumentData,
    fromFirestore(snapshot: QueryDocumentSnapshot): z.infer<Schema> {
      const data = upgrade(snapshot.data());
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new StoredDocumentError(`${collection}/${snapshot.id}`, describe(checked.error));
      }
      return data as z.infer<Schema>;
    },
  };
}

/**
 * The checked data of a snapshot read without a converter (a helper handed one by code that
 * reads untyped), or undefined when the document does not exist.
 */
export function dataOf<T>(
  converter: FirestoreDataConverter<T, DocumentData>,
  snapshot: DocumentSnapshot,
): T | undefined {
  return snapshot.exists ? converter.fromFirestore(snapshot as QueryDocumentSnapshot) : undefined;
}

/**
 * Reads typed documents in one round trip (in `transaction` when given). Firestore's getAll
 * applies each reference's converter but types the answer as untyped documents.
 */
export async function readAll<T>(
  refs: DocumentReference<T, DocumentData>[],
  transaction?: Transaction,
): Promise<DocumentSnapshot<T, DocumentData>[]> {
  const [first] = refs;
  if (!first) return [];
  if (transaction) return transaction.getAll<T, DocumentData>(...refs);
  return (await first.firestore.getAll(...(refs as DocumentReference[]))) as DocumentSnapshot<T, DocumentData>[];
}

type SnapshotsOf<Refs extends readonly { readonly path: string }[]> = {
  [K in keyof Refs]: Refs[K] extends DocumentReference<infer T, DocumentData>
    ? DocumentSnapshot<T, DocumentData>
    : never;
};

/** What reads several documents in one round trip: a transaction, or the database outside one. */
type Reader = Transaction | Firestore;

const getAllOf = (reader: Reader, refs: DocumentReference[]): Promise<DocumentSnapshot[]> =>
  (reader as Transaction).getAll(...refs);

/**
 * Reads documents of different collections in one round trip (of `reader`: a transaction, or
 * the database), each typed as its reference: a transaction that read them one after another
 * would hold its locks longer.
 */
export async function readEach<Refs extends readonly { readonly path: string }[]>(
  reader: Reader,
  ...refs: Refs
): Promise<SnapshotsOf<Refs>> {
  return (await getAllOf(reader, refs as unknown as DocumentReference[])) as SnapshotsOf<Refs>;
}

type ListsOf<Lists extends readonly (readonly { readonly path: string }[])[]> = {
  [K in keyof Lists]: Lists[K] extends readonly DocumentReference<infer T, DocumentData>[]
    ? DocumentSnapshot<T, DocumentData>[]
    : never;
};

/**
 * Reads lists of references, each list of one collection, in one round trip of `reader`: the
 * snapshots of each list in its order, typed as its references (readEach for lists of any length).
 */
export async function readLists<Lists extends readonly (readonly { readonly path: string }[])[]>(
  reader: Reader,
  ...lists: Lists
): Promise<ListsOf<Lists>> {
  const refs = lists.flat() as unknown as DocumentReference[];
  const read = refs.length > 0 ? await getAllOf(reader, refs) : [];
  let start = 0;
  return lists.map((list) => read.slice(start, (start += list.length))) as unknown as ListsOf<Lists>;
}

export type Stored<Schema extends z.ZodType> = z.infer<Schema>;
export type UserDocument = Stored<typeof documents.userDocument>;
export type MealDocument = Stored<typeof documents.mealDocument>;
export type ReviewDocument = Stored<typeof documents.reviewDocument>;
export type PackageDocument = Stored<typeof documents.packageDocument>;
export type MailDocument = Stored<typeof documents.mailDocument>;
export type MealPrivateDocument = Stored<typeof documents.mealPrivateDocument>;
export type ServingDocument = Stored<typeof documents.servingDocument>;
export type ServingPlaceDocument = Stored<typeof documents.servingPlaceDocument>;
export type ClosedDayDocument = Stored<typeof documents.closedDayDocument>;
export type HallDocument = Stored<typeof documents.hallDocument>;
export type HallSwitchDocument = Stored<typeof documents.hallSwitchDocument>;
export type HallChoiceDocument = Stored<typeof documents.hallChoiceDocument>;
export type MealRequestDocument = Stored<typeof documents.mealRequestDocument>;
export type RequestQuotaDocument = Stored<typeof documents.requestQuotaDocument>;
export type PendingMealRequestDocument = Stored<typeof documents.pendingMealRequestDocument>;
export type HoldDocument = Stored<typeof documents.holdDocument>;
export type ServingCapacityDocument = Stored<typeof documents.servingCapacityDocument>;
export type PassCodeDocument = Stored<typeof documents.passCodeDocument>;
export type PaymentDocument = Stored<typeof documents.paymentDocument>;
export type ComplaintDocument = Stored<typeof documents.complaintDocument>;
export type ComplaintEntryDocument = Stored<typeof documents.complaintEntry>;
export type ComplaintCounterDocument = Stored<typeof documents.complaintCounterDocument>;
export type ServingRatingDocument = Stored<typeof documents.servingRatingDocument>;
export type MembershipChangeDocument = Stored<typeof documents.membershipChangeDocument>;
export type RollupDocument = Stored<typeof documents.rollupDocument>;
export type LeaveDocument = Stored<typeof documents.leaveDocument>;
export type AdminActionDocument = Stored<typeof documents.adminActionDocument>;
export type LeaveDayDocument = Stored<typeof documents.leaveDayDocument>;
export type SkipDocument = Stored<typeof documents.skipDocument>;
export type StandingReservationDocument = Stored<typeof documents.standingReservationDocument>;
export type StandingRunDocument = Stored<typeof documents.standingRunDocument>;
export type PushDeviceDocument = Stored<typeof documents.pushDeviceDocument>;
export type NotificationDocument = Stored<typeof documents.notificationDocument>;

/** One converter per collection, named as in `collections`. */
export const converters = {
  users: documentConverter(collections.users, documents.userDocument),
  notifications: documentConverter(collections.notifications, documents.notificationDocument),
  pushDevices: documentConverter(collections.pushDevices, documents.pushDeviceDocument),
  meals: documentConverter(collections.meals, documents.mealDocument),
  upcomingMeals: documentConverter(collections.upcomingMeals, documents.mealDocument),
  mealPrivate: documentConverter(collections.mealPrivate, documents.mealPrivateDocument),
  upcomingMealPrivate: documentConverter(collections.upcomingMealPrivate, documents.mealPrivateDocument),
  likes: documentConverter(collections.likes, documents.likeDocument),
  reviews: documentConverter(collections.reviews, documents.reviewDocument),
  packages: documentConverter(collections.packages, documents.packageDocument),
  // A meal served before ADR 71 is stored as the wire's `delivered`: it reads as `served`.
  mealRequests: documentConverter(collections.mealRequests, documents.mealRequestDocument, (stored) => ({
    ...stored,
    status: storedRequestStatusOf(stored.status) ?? stored.status,
  })),
  pendingMealRequests: documentConverter(collections.pendingMealRequests, documents.pendingMealRequestDocument),
  requestQuotas: documentConverter(collections.requestQuotas, documents.requestQuotaDocument),
  payments: documentConverter(collections.payments, documents.paymentDocument),
  rateLimits: documentConverter(collections.rateLimits, documents.rateLimitDocument),
  servings: documentConverter(collections.servings, documents.servingDocument),
  closedDays: documentConverter(collections.closedDays, documents.closedDayDocument),
  halls: documentConverter(collections.halls, documents.hallDocument),
  hallSwitches: documentConverter(collections.hallSwitches, documents.hallSwitchDocument),
  hallChoices: documentConverter(collections.hallChoices, documents.hallChoiceDocument),
  holds: documentConverter(collections.holds, documents.holdDocument),
  servingPlaces: documentConverter(collections.servingPlaces, documents.servingPlaceDocument),
  servingCapacities: documentConverter(collections.servingCapacities, documents.servingCapacityDocument),
  passCodes: documentConverter(collections.passCodes, documents.passCodeDocument),
  rollups: documentConverter(collections.rollups, documents.rollupDocument),
  membershipChanges: documentConverter(collections.membershipChanges, documents.membershipChangeDocument),
  mail: documentConverter(collections.mail, documents.mailDocument),
  settings: documentConverter(collections.settings, documents.settingsDocument),
  servingRatings: documentConverter(collections.servingRatings, documents.servingRatingDocument),
  complaints: documentConverter(collections.complaints, documents.complaintDocument),
  complaintCounters: documentConverter(collections.complaintCounters, documents.complaintCounterDocument),
  leaves: documentConverter(collections.leaves, documents.leaveDocument),
  adminActions: documentConverter(collections.adminActions, documents.adminActionDocument),
  leaveDays: documentConverter(collections.leaveDays, documents.leaveDayDocument),
  skips: documentConverter(collections.skips, documents.skipDocument),
  standingReservations: documentConverter(collections.standingReservations, documents.standingReservationDocument),
  standingRuns: documentConverter(collections.standingRuns, documents.standingRunDocument),
} satisfies Record<keyof typeof collections, FirestoreDataConverter<DocumentData, DocumentData>>;

type Converted<Name extends keyof typeof converters> =
  (typeof converters)[Name] extends FirestoreDataConverter<infer App, DocumentData> ? App : never;

const topLevel =
  <Name extends keyof typeof converters>(name: Name) =>
  (firestore: Firestore = db): CollectionReference<Converted<Name>, DocumentData> =>
    firestore.collection(collections[name]).withConverter(converters[name] as FirestoreDataConverter<Converted<Name>>);

const under =
  <Name extends keyof typeof converters>(name: Name) =>
  (parent: DocumentReference): CollectionReference<Converted<Name>, DocumentData> =>
    parent.collection(collections[name]).withConverter(converters[name] as FirestoreDataConverter<Converted<Name>>);

/**
 * The typed collections: `typed.meals().doc(id)` reads a `MealDocument`, checked. The lib's
 * `db` unless another Firestore is given; a subcollection takes its parent document.
 */
export const typed = {
  users: topLevel('users'),
  /** `users/{uid}/notifications` */
  notifications: under('notifications'),
  /** `users/{uid}/pushDevices` */
  pushDevices: under('pushDevices'),
  meals: topLevel('meals'),
  upcomingMeals: topLevel('upcomingMeals'),
  mealPrivate: topLevel('mealPrivate'),
  upcomingMealPrivate: topLevel('upcomingMealPrivate'),
  /** `meals/{id}/likes` and `upcomingMeals/{id}/likes` */
  likes: under('likes'),
  /** `meals/{id}/reviews` */
  reviews: under('reviews'),
  /** Every meal's reviews (a member's own, "My Reviews"). */
  allReviews: (firestore: Firestore = db): CollectionGroup<ReviewDocument, DocumentData> =>
    firestore.collectionGroup(collections.reviews).withConverter(converters.reviews),
  packages: topLevel('packages'),
  mealRequests: topLevel('mealRequests'),
  pendingMealRequests: topLevel('pendingMealRequests'),
  requestQuotas: topLevel('requestQuotas'),
  payments: topLevel('payments'),
  rateLimits: topLevel('rateLimits'),
  servings: topLevel('servings'),
  closedDays: topLevel('closedDays'),
  halls: topLevel('halls'),
  hallSwitches: topLevel('hallSwitches'),
  hallChoices: topLevel('hallChoices'),
  holds: topLevel('holds'),
  servingPlaces: topLevel('servingPlaces'),
  servingCapacities: topLevel('servingCapacities'),
  passCodes: topLevel('passCodes'),
  rollups: topLevel('rollups'),
  membershipChanges: topLevel('membershipChanges'),
  mail: topLevel('mail'),
  settings: topLevel('settings'),
  servingRatings: topLevel('servingRatings'),
  complaints: topLevel('complaints'),
  complaintCounters: topLevel('complaintCounters'),
  leaves: topLevel('leaves'),
  adminActions: topLevel('adminActions'),
  leaveDays: topLevel('leaveDays'),
  skips: topLevel('skips'),
  standingReservations: topLevel('standingReservations'),
  standingRuns: topLevel('standingRuns'),
};
