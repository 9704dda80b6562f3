// What closing an account does to the documents about its member (ADR 75), one collection at a
// time, a page per batch. Records the hostel keeps for its books (requests and reservations,
// payments, membership changes, ratings, reviews, likes, complaints, leave) stay, under the
// account's anonymous id and without the member's name, email, photo or words; what only a
// live account needs (holds, locks, codes, patterns, counters, notifications, emails) is
// deleted. Every step finds its documents by the member's uid and leaves none that still
// match, or rewrites what it finds to the same result, so running it again after a failure
// half-way finishes the work and changes nothing twice.
import {
  FieldValue,
  type DocumentData,
  type Query,
  type QueryDocumentSnapshot,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { formerMemberName, removedText, requesterSearchTokens } from '@hostelhub/contracts';
import { typed, type ComplaintEntryDocument } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { notificationRef } from '../../lib/notifications.js';
import { memberDocuments, memberQueries } from './my-data.js';

/** Documents read and written per batch: a re-keyed document costs two writes of Firestore's 500. */
const pageSize = 200;

/** Firestore's limit on the values of an `in` filter. */
const inLimit = 30;

/**
 * Applies `write` to every document of `query`, a page per batch. The page after is read
 * from the last document's position, so a write that takes a document out of the query loses
 * nothing and one that keeps it in repeats nothing.
 */
async function rewrite<T extends DocumentData>(
  query: Query<T>,
  write: (batch: WriteBatch, doc: QueryDocumentSnapshot<T>) => void,
): Promise<number> {
  let last: QueryDocumentSnapshot<T> | undefined;
  let count = 0;
  for (;;) {
    const page = await (last ? query.startAfter(last) : query).limit(pageSize).get();
    if (page.empty) return count;
    const batch = db.batch();
    for (const doc of page.docs) write(batch, doc);
    await batch.commit();
    count += page.size;
    if (page.size < pageSize) return count;
    last = page.docs[page.docs.length - 1];
  }
}

const deleteEach = <T extends DocumentData>(query: Query<T>) => rewrite(query, (batch, doc) => batch.delete(doc.ref));

/** Who the member was, to take out of what others wrote about them (a reply, a log's label). */
export type Closing = {
  uid: string;
  anonymousId: string;
  /** Their names and emails as stored on their profile and copied onto their records. */
  names: Set<string>;
  emails: Set<string>;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with the member's names and emails replaced by formerMemberName. */
export function scrub(closing: Closing, text: string): string {
  let result = text;
  for (const email of closing.emails) {
    if (email) result = result.replace(new RegExp(escape(email), 'gi'), formerMemberName);
  }
  // Longest first, so a full name goes before a shorter one it contains.
  for (const name of [...closing.names].sort((a, b) => b.length - a.length)) {
    if (name.trim().length >= 2) result = result.split(name).join(formerMemberName);
  }
  return result;
}

/** Every text inside a logged value scrubbed; anything else as it was. */
function scrubDeep(closing: Closing, value: unknown): unknown {
  if (typeof value === 'string') return scrub(closing, value);
  if (Array.isArray(value)) return value.map((each) => scrubDeep(closing, each));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, scrubDeep(closing, each)]));
  }
  return value;
}

const inChunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / inLimit) }, (_, index) =>
    items.slice(index * inLimit, (index + 1) * inLimit),
  );

/**
 * The queries closing runs beside the export's (my-data.ts memberQueries), each an equality
 * or `in` on one field (functions/test/support/indexed-queries.ts lists them). The member's
 * complaints and leaves are found before or after they were anonymised: a repeat finds both.
 */
export function closingQueries(uid: string, anonymousId: string) {
  return {
    pendingRequests: typed.mealRequests().where('userUid', '==', uid).where('status', '==', 'pending'),
    leavesToCancel: typed.leaves().where('uid', '==', uid).where('status', 'in', ['pending', 'approved']),
    complaints: typed.complaints().where('uid', 'in', [uid, anonymousId]),
    leaves: typed.leaves().where('uid', 'in', [uid, anonymousId]),
    activityAbout: (targetIds: string[]) => typed.adminActions().where('target.id', 'in', targetIds),
    activityServing: typed.adminActions().where('after.member', '==', uid),
    activityBy: typed.adminActions().where('actor.uid', '==', uid),
    servedBy: typed.mealRequests().where('servedBy.uid', '==', uid),
    places: typed.servingPlaces().where('userUid', '==', uid),
    holds: typed.holds().where('userUid', '==', uid),
    pendingLocks: typed.pendingMealRequests().where('userUid', '==', uid),
    passCodes: typed.passCodes().where('uid', '==', uid),
    mealsAdded: typed.mealPrivate().where('adminUid', '==', uid),
    upcomingMealsAdded: typed.upcomingMealPrivate().where('adminUid', '==', uid),
    // As many admins as sendToAdmins (lib/mail.ts) writes to.
    admins: typed.users().where('role', '==', 'admin').limit(1000),
    emailsAbout: (key: string) => typed.mail().where('key', '==', key),
  };
}

const queriesOf = (closing: Closing) => closingQueries(closing.uid, closing.anonymousId);

/**
 * The audit log's entries about the member (ADR 78): a role or hall changed, a complaint's
 * status, a leave's decision, a pass served from its short code, and what they did if they
 * once were staff. The entries stay (who changed what is the hostel's record); the member's
 * name leaves their labels and values. Run before the complaints and leaves are anonymised,
 * whose stored names it also takes out.
 */
async function anonymiseActivity(closing: Closing): Promise<void> {
  const targets = [closing.uid];
  const queries = queriesOf(closing);
  for (const query of [queries.complaints, queries.leaves]) {
    const found = await query.get();
    for (const doc of found.docs) {
      targets.push(doc.id);
      const data = doc.data() as { authorName?: string; name?: string };
      const name = data.authorName ?? data.name;
      if (name && name !== formerMemberName) closing.names.add(name);
    }
  }
  const entryQueries = [...inChunks(targets).map(queries.activityAbout), queries.activityServing, queries.activityBy];
  for (const query of entryQueries) {
    await rewrite(query, (batch, doc) => {
      const entry = doc.data();
      const after =
        entry.after && entry.after.member === closing.uid
          ? { ...entry.after, member: closing.anonymousId }
          : entry.after;
      batch.update(doc.ref, {
        target: { ...entry.target, label: scrub(closing, entry.target.label) },
        before: scrubDeep(closing, entry.before),
        after: scrubDeep(closing, after),
        ...(entry.actor.uid === closing.uid
          ? { actor: { ...entry.actor, uid: closing.anonymousId, name: formerMemberName } }
          : {}),
      });
    });
  }
}

/** A complaint's thread: the member's own entries emptied, the others' words scrubbed of them. */
function anonymisedThread(closing: Closing, replies: ComplaintEntryDocument[] | undefined) {
  return (replies ?? []).map((entry) =>
    entry.authorUid === closing.uid || entry.authorUid === closing.anonymousId
      ? {
          ...entry,
          authorUid: closing.anonymousId,
          authorName: formerMemberName,
          text: entry.text ? removedText : (entry.text ?? null),
        }
      : { ...entry, text: entry.text ? scrub(closing, entry.text) : (entry.text ?? null) },
  );
}

/**
 * The member's complaints stay counted and answered, their words removed; the admins' bell
 * entries and emails that quoted an urgent one lose the quote.
 */
async function anonymiseComplaints(closing: Closing): Promise<void> {
  const urgent: string[] = [];
  await rewrite(queriesOf(closing).complaints, (batch, doc) => {
    const complaint = doc.data();
    if (complaint.urgent) urgent.push(doc.id);
    batch.update(doc.ref, {
      uid: closing.anonymousId,
      authorName: formerMemberName,
      authorEmail: FieldValue.delete(),
      text: removedText,
      reason: complaint.reason ? scrub(closing, complaint.reason) : (complaint.reason ?? null),
      replies: anonymisedThread(closing, complaint.replies),
    });
  });
  if (urgent.length === 0) return;
  // The admins were told of an urgent one in the bell (each its own entry) and by email.
  const queries = queriesOf(closing);
  const admins = await queries.admins.get();
  for (const id of urgent) {
    await deleteEach(queries.emailsAbout(`complaint-${id}`));
    const notices = admins.docs.map((admin) => notificationRef(admin.id, `complaint-urgent-${id}`));
    if (notices.length === 0) continue;
    const batch = db.batch();
    for (const notice of await db.getAll(...notices))
      if (notice.exists) batch.update(notice.ref, { body: removedText });
    await batch.commit();
  }
}

/** Leave stays in the books (its days and credit were counted); who took it, and why, go. */
const anonymiseLeaves = (closing: Closing) =>
  rewrite(queriesOf(closing).leaves, (batch, doc) => {
    const leave = doc.data();
    batch.update(doc.ref, {
      uid: closing.anonymousId,
      name: formerMemberName,
      email: '',
      reason: null,
      decisionReason: leave.decisionReason ? scrub(closing, leave.decisionReason) : null,
    });
  });

/** Requests and reservations stay counted; the name and email copied onto them go. */
async function anonymiseRequests(closing: Closing): Promise<void> {
  const { mealRequests } = memberQueries(closing.uid);
  await rewrite(mealRequests, (batch, doc) =>
    batch.update(doc.ref, {
      userUid: closing.anonymousId,
      userName: formerMemberName,
      userEmail: FieldValue.delete(),
      searchTokens: requesterSearchTokens(formerMemberName, ''),
    }),
  );
  // Meals they served, if they once were kitchen staff.
  await rewrite(queriesOf(closing).servedBy, (batch, doc) =>
    batch.update(doc.ref, { servedBy: { uid: closing.anonymousId, name: formerMemberName } }),
  );
  // Their places at servings that stay counted (a served or a cooked reservation).
  await rewrite(queriesOf(closing).places, (batch, doc) => batch.update(doc.ref, { userUid: closing.anonymousId }));
}

/**
 * The books: payments (Insights' revenue and the accounts' exports add them up) and
 * membership changes (its members series) stay, under the anonymous id, without the email.
 */
async function anonymiseMoney(closing: Closing): Promise<void> {
  const { payments, membershipChanges } = memberQueries(closing.uid);
  await rewrite(payments, (batch, doc) =>
    batch.update(doc.ref, { uid: closing.anonymousId, email: FieldValue.delete() }),
  );
  await rewrite(membershipChanges, (batch, doc) => batch.update(doc.ref, { uid: closing.anonymousId }));
}

/**
 * Reviews, likes and ratings keep the meals' and servings' counts true: each stays, by the
 * anonymous id, without the member's name, picture or words. Likes and ratings are keyed by
 * their member, so they move to the anonymous id's key (one document each, as before).
 */
async function anonymiseFeedback(closing: Closing): Promise<void> {
  const { reviews, likes, servingRatings } = memberQueries(closing.uid);
  await rewrite(reviews, (batch, doc) =>
    batch.update(doc.ref, { uid: closing.anonymousId, userName: formerMemberName, img: null, comment: '' }),
  );
  await rewrite(likes, (batch, doc) => {
    batch.set(doc.ref.parent.doc(closing.anonymousId), {
      uid: closing.anonymousId,
      createdAt: doc.data().createdAt ?? null,
    });
    batch.delete(doc.ref);
  });
  await rewrite(servingRatings, (batch, doc) => {
    const rating = doc.data();
    batch.set(typed.servingRatings().doc(`${rating.servingId}_${closing.anonymousId}`), {
      ...rating,
      uid: closing.anonymousId,
      comment: null,
      contactMe: false,
    });
    batch.delete(doc.ref);
  });
}

/** Meals they added, if they once were an admin: the public meal names them as its adder. */
async function anonymiseMealsAdded(closing: Closing): Promise<void> {
  const queries = queriesOf(closing);
  for (const [privateHalves, meals] of [
    [queries.mealsAdded, typed.meals()],
    [queries.upcomingMealsAdded, typed.upcomingMeals()],
  ] as const) {
    // Each page moves its halves to the anonymous id, out of the query: the next read is the next page.
    for (;;) {
      const page = await privateHalves.limit(pageSize).get();
      if (page.empty) break;
      const published = await db.getAll(...page.docs.map((doc) => meals.doc(doc.id)));
      const batch = db.batch();
      for (const meal of published) if (meal.exists) batch.update(meal.ref, { adminName: formerMemberName });
      for (const doc of page.docs) batch.update(doc.ref, { adminUid: closing.anonymousId });
      await batch.commit();
      if (page.size < pageSize) break;
    }
  }
}

/** What only a live account needs: deleted. */
async function deleteBookkeeping(closing: Closing): Promise<void> {
  const { uid } = closing;
  const { notifications, skips, standingRuns, hallSwitches, mail, pushDevices } = memberQueries(uid);
  const { holds, pendingLocks, passCodes } = queriesOf(closing);
  for (const query of [
    notifications,
    pushDevices,
    skips,
    standingRuns,
    hallSwitches,
    mail,
    holds,
    pendingLocks,
    passCodes,
  ] as Query[]) {
    await deleteEach(query);
  }
  const keyed = memberDocuments(uid);
  const batch = db.batch();
  batch.delete(keyed.standingReservations);
  batch.delete(keyed.requestQuotas);
  batch.delete(keyed.complaintCounters);
  await batch.commit();
}

/**
 * Every record about the member anonymised or deleted, in an order a repeat can resume: the
 * audit log first (it reads the names still on the complaints and leaves), then the records.
 */
export async function anonymiseRecords(closing: Closing): Promise<void> {
  await anonymiseActivity(closing);
  await anonymiseComplaints(closing);
  await anonymiseLeaves(closing);
  await anonymiseRequests(closing);
  await anonymiseMoney(closing);
  await anonymiseFeedback(closing);
  await anonymiseMealsAdded(closing);
  await deleteBookkeeping(closing);
}
