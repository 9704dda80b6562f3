// GET /user/export (ADR 75): every document stored about the caller, as one JSON file. Each
// section is one collection's documents about them, read a page at a time by their uid (never
// anyone else's), with the fields that are the server's own or other people's left out: the
// Stripe keys on the profile, staff's uids and names on a request or in a complaint's thread,
// search tokens, the secrets of a pass. The same queries find what closing an account
// anonymises or deletes (close-account.ts), so the two cannot drift apart.
import { FieldPath, Timestamp, type DocumentData, type Query } from 'firebase-admin/firestore';
import type { Response } from 'express';
import {
  myDataFileName,
  myDataFormat,
  type ExportedRecord,
  type MyData,
  type MyDataSection,
} from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { currentTime } from '../../lib/clock.js';
import { converters, typed } from '../../lib/converters/index.js';
import { pagesOf } from '../../lib/csv-export.js';
import { collections, db } from '../../lib/firestore.js';
import { hostelTimeZone } from '../../config.js';

/** The profile's fields that are the server's own keys (Stripe's), an index, or its closing state. */
const notTheProfile = ['stripeCustomerId', 'checkoutSubscriptionId', 'searchTokens', 'closing'];

/**
 * The queries of the caller's documents, collection by collection: each an equality on the
 * field that names its member (functions/test/support/indexed-queries.ts lists them).
 */
export function memberQueries(uid: string) {
  return {
    notifications: typed.notifications(typed.users().doc(uid)),
    mealRequests: typed.mealRequests().where('userUid', '==', uid),
    payments: typed.payments().where('uid', '==', uid),
    membershipChanges: typed.membershipChanges().where('uid', '==', uid),
    // Ordered as My Reviews pages it, whose collection-group index serves it.
    reviews: typed.allReviews().where('uid', '==', uid).orderBy('timeStamp', 'desc').orderBy(FieldPath.documentId()),
    // meals/{id}/likes/{uid} and upcomingMeals/{id}/likes/{uid} (a collection-group field index).
    likes: db.collectionGroup(collections.likes).withConverter(converters.likes).where('uid', '==', uid),
    servingRatings: typed.servingRatings().where('uid', '==', uid),
    complaints: typed.complaints().where('uid', '==', uid),
    leaves: typed.leaves().where('uid', '==', uid),
    skips: typed.skips().where('uid', '==', uid),
    standingRuns: typed.standingRuns().where('uid', '==', uid),
    hallSwitches: typed.hallSwitches().where('uid', '==', uid),
    mail: typed.mail().where('uid', '==', uid),
    pushDevices: typed.pushDevices(typed.users().doc(uid)),
  } satisfies Partial<Record<MyDataSection, Query>>;
}

/** The documents about the member keyed by their uid rather than found by a field. */
export const memberDocuments = (uid: string) => ({
  standingReservations: typed.standingReservations().doc(uid),
  requestQuotas: typed.requestQuotas().doc(uid),
  // A member's complaints of the day (lib/converters: `member-{uid}`).
  complaintCounters: typed.complaintCounters().doc(`member-${uid}`),
});

/** A stored value as JSON: instants as ISO text, maps and lists value by value. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as DocumentData).map(([key, each]) => [key, plain(each)]));
  }
  return value;
}

/** A document as the file gives it: its id, then its fields but those `without` names. */
function exported(id: string, data: DocumentData, without: readonly string[] = []): ExportedRecord {
  const kept = Object.entries(data).filter(([field]) => !without.includes(field));
  return { _id: id, ...(Object.fromEntries(kept.map(([field, value]) => [field, plain(value)])) as DocumentData) };
}

/**
 * What each section keeps of a document. Staff's uids and names (who served a meal, who
 * decided a leave, who wrote in a complaint's thread but by name and role, as its author reads
 * it) and the Stripe keys of a leave's credit are not the member's; a complaint's staff-side
 * flags are left out as the author's own view leaves them out (features/feedback); an email's
 * HTML, headers and delivery log repeat its text or are the mail system's.
 */
const shapeOf: Partial<Record<MyDataSection, (id: string, data: DocumentData, path: string) => ExportedRecord>> = {
  mealRequests: (id, data) => exported(id, data, ['searchTokens', 'servedBy']),
  leaves: (id, data) => exported(id, data, ['decidedBy', 'creditTransactionId', 'reversalTransactionId']),
  complaints: (id, data) => ({
    ...exported(id, data, ['answered', 'digestWindow', 'replies']),
    replies: ((data.replies ?? []) as DocumentData[]).map((entry) => ({
      kind: entry.kind,
      status: entry.status ?? null,
      text: entry.text ?? null,
      author: { name: entry.authorName, role: entry.authorRole },
      createdAt: plain(entry.createdAt ?? null),
    })),
  }),
  // The meal liked, from the like's path: meals/{id}/likes/{uid} or upcomingMeals/{id}/likes/{uid}.
  likes: (_id, data, path) => {
    const [parent = '', mealId = ''] = path.split('/');
    return { _id: mealId, meal: parent, createdAt: plain(data.createdAt ?? null) };
  },
  // The browser's name and dates: the token is FCM's address for it, not about the member.
  pushDevices: (id, data) => exported(id, data, ['token']),
  mail: (id, data) => ({
    _id: id,
    kind: data.kind,
    to: data.to,
    subject: (data.message as DocumentData | undefined)?.subject ?? null,
    text: (data.message as DocumentData | undefined)?.text ?? null,
    createdAt: plain(data.createdAt ?? null),
  }),
};

/** Every document of `query`, a page at a time, as the file gives them. */
async function sectionOf(section: MyDataSection, query: Query): Promise<ExportedRecord[]> {
  const shape = shapeOf[section] ?? ((id: string, data: DocumentData) => exported(id, data));
  const records: ExportedRecord[] = [];
  for await (const page of pagesOf(query)) {
    for (const doc of page) records.push(shape(doc.id, doc.data(), doc.ref.path));
  }
  return records;
}

/** The caller's file: their profile and each section, every one read by their uid. */
export async function myData(caller: TokenClaims, now: Date = currentTime()): Promise<MyData> {
  const queries = memberQueries(caller.uid);
  const keyed = memberDocuments(caller.uid);
  const [profile, ...keyedDocs] = await db.getAll(
    typed.users().doc(caller.uid),
    keyed.standingReservations,
    keyed.requestQuotas,
    keyed.complaintCounters,
  );
  const [standingReservations, requestQuotas, complaintCounters] = keyedDocs.map((doc) =>
    doc?.exists ? [exported(doc.id, doc.data() ?? {})] : [],
  );
  const sections = await Promise.all(
    (Object.entries(queries) as [keyof typeof queries, Query][]).map(
      async ([section, query]) => [section, await sectionOf(section, query)] as const,
    ),
  );
  return {
    format: myDataFormat,
    exportedAt: now.toISOString(),
    account: { uid: caller.uid, email: caller.email },
    profile: profile?.exists ? exported(profile.id, profile.data() ?? {}, notTheProfile) : null,
    ...(Object.fromEntries(sections) as Record<keyof typeof queries, ExportedRecord[]>),
    standingReservations: standingReservations ?? [],
    requestQuotas: requestQuotas ?? [],
    complaintCounters: complaintCounters ?? [],
  };
}

/** Answers the file as a download named for the hostel's day. */
export async function sendMyData(res: Response<MyData>, caller: TokenClaims) {
  const now = currentTime();
  const data = await myData(caller, now);
  res.set('Content-Disposition', `attachment; filename="${myDataFileName(now, hostelTimeZone())}"`);
  res.status(200).json(data);
}
