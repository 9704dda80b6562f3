// Complaints: a member raises one about a serving they reserved or were served at, or about
// the dining in general; staff and admins acknowledge, resolve or decline it (a reason is
// required to decline) and reply in its thread. The member is told at each step in the bell;
// an urgent complaint (always so for hygiene and allergens) reaches every admin's bell at
// once. Each change, its notices and its rollup counts are one transaction.
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  complaintCategoryLabels,
  complaintStatusLabels,
  complaintThreadMaxEntries,
  complaintTransitions,
  isAlwaysUrgent,
  type Complaint,
  type ComplaintCategory,
  type ComplaintChange,
  type ComplaintsPage,
  type ComplaintStatus,
  type ComplaintThreadEntry,
  type Inserted,
  type MealSlot,
  type UserAccount,
} from '@hostelhub/contracts';
import { emailAdminsAboutComplaint } from '../../lib/admin-mail.js';
import { isStaffOrAdmin } from '../../lib/auth.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { collections, db } from '../../lib/firestore.js';
import { notices, writeNotification } from '../../lib/notifications.js';
import { readPage } from '../../lib/paging.js';
import { complaintFactsOf, countFirstAnswer, countNewComplaint, RollupChanges } from '../../lib/rollups.js';
import { servingRef, slotOf } from '../../lib/servings.js';
import { isoTime } from '../../lib/timestamps.js';
import { adminsToAlert, complaintsOfAuthor, complaintsQueue, type ComplaintFilter } from './queries.js';

const complaintRef = (id: string) => db.collection(collections.complaints).doc(id);
const reservationSlotRef = (servingId: string, uid: string) =>
  db.collection(collections.reservationSlots).doc(`${servingId}_${uid}`);

type StoredEntry = {
  id: string;
  kind: 'reply' | 'status';
  status: ComplaintStatus | null;
  text: string | null;
  authorUid: string;
  authorName: string;
  authorRole: 'member' | 'staff' | 'admin';
  createdAt: Timestamp;
};

const roleOf = (profile: UserAccount): StoredEntry['authorRole'] =>
  profile.role === 'admin' ? 'admin' : profile.role === 'staff' ? 'staff' : 'member';

/** POST /complaints */
export async function raiseComplaint(
  profile: UserAccount,
  body: { servingId?: string | null; category: ComplaintCategory; text: string; urgent: boolean },
  now: Date = new Date(),
): Promise<Inserted> {
  const ref = db.collection(collections.complaints).doc();
  const urgent = body.urgent || isAlwaysUrgent(body.category);
  await db.runTransaction(async (transaction) => {
    let serving: Record<string, unknown> | null = null;
    if (body.servingId) {
      const [servingDoc, slot] = await transaction.getAll(
        servingRef(body.servingId),
        reservationSlotRef(body.servingId, profile._id),
      );
      if (!servingDoc?.exists) throw notFound('servingId: Serving not found');
      // The reservation slot is held while a reservation is pending or served, and freed by a cancel.
      if (!slot?.exists) throw forbidden('servingId: you may complain about a serving you reserved or were served at');
      serving = {
        id: servingDoc.id,
        date: String(servingDoc.get('date')),
        slot: slotOf(servingDoc),
        mealId: String(servingDoc.get('mealId') ?? ''),
        mealTitle: String(servingDoc.get('mealTitle') ?? ''),
      };
    }
    const admins = urgent ? await transaction.get(adminsToAlert()) : null;
    transaction.create(ref, {
      uid: profile._id,
      authorName: profile.name,
      authorEmail: profile.email,
      servingId: body.servingId ?? null,
      serving,
      category: body.category,
      text: body.text,
      urgent,
      status: 'open',
      answered: false,
      reason: null,
      replies: [],
      createdAt: Timestamp.fromDate(now),
      updatedAt: Timestamp.fromDate(now),
      firstAnsweredAt: null,
    });
    const changes = new RollupChanges();
    countNewComplaint(changes, { createdAt: now, category: body.category });
    changes.writeTo(transaction);
    for (const admin of admins?.docs ?? []) {
      writeNotification(
        transaction,
        admin.id,
        `complaint-urgent-${ref.id}`,
        notices.complaintUrgent(complaintCategoryLabels[body.category], body.text),
      );
    }
  });
  // After the commit: the admins who take `complaints` emails hear of it once (the complaint's
  // id keys the email), and a complaint stands whether or not its email could be written.
  const label = complaintCategoryLabels[body.category];
  await emailAdminsAboutComplaint({
    id: ref.id,
    title: urgent ? `Urgent complaint: ${label}` : `Complaint: ${label}`,
    summary: body.text,
    path: '/dashboard/complaints',
  }).catch((error: unknown) =>
    logger.warn('Could not email the admins about a complaint', { id: ref.id, error: String(error) }),
  );
  return { insertedId: ref.id };
}

function toThreadEntry(entry: StoredEntry): ComplaintThreadEntry {
  return {
    _id: entry.id,
    kind: entry.kind,
    status: entry.status,
    text: entry.text,
    author: { name: entry.authorName, role: entry.authorRole },
    createdAt: isoTime(entry.createdAt),
  };
}

function toComplaint(document: DocumentSnapshot, forStaff: boolean): Complaint {
  const serving = document.get('serving') as Record<string, unknown> | null | undefined;
  const replies = (document.get('replies') ?? []) as StoredEntry[];
  return {
    _id: document.id,
    status: document.get('status') as ComplaintStatus,
    category: document.get('category') as ComplaintCategory,
    urgent: document.get('urgent') === true,
    text: String(document.get('text') ?? ''),
    createdAt: isoTime(document.get('createdAt')),
    firstAnsweredAt: isoTime(document.get('firstAnsweredAt')),
    reason: typeof document.get('reason') === 'string' ? String(document.get('reason')) : null,
    serving: serving
      ? {
          _id: String(serving.id),
          date: String(serving.date),
          slot: serving.slot as MealSlot,
          mealTitle: String(serving.mealTitle ?? ''),
        }
      : null,
    author: forStaff
      ? { name: String(document.get('authorName') ?? ''), email: String(document.get('authorEmail') ?? '') }
      : null,
    replies: replies.map(toThreadEntry),
  };
}

/** GET /complaints: a member's own; staff's and admins' everyone's, oldest unanswered first. */
export async function listComplaints(
  profile: UserAccount,
  query: ComplaintFilter & { limit: number; cursor?: string },
): Promise<ComplaintsPage> {
  const staff = isStaffOrAdmin(profile);
  const filter: ComplaintFilter = { status: query.status, category: query.category };
  if (query.urgent) {
    if (!staff) throw forbidden('urgent: only kitchen staff and admins list urgent complaints');
    filter.urgent = true;
  }
  const base = staff ? complaintsQueue(filter) : complaintsOfAuthor(profile._id, filter);
  const { docs, nextCursor } = await readPage(base, query.limit, query.cursor);
  return { complaints: docs.map((doc) => toComplaint(doc, staff)), nextCursor };
}

/** Reads a complaint in a transaction and refuses a thread that is full. */
async function readComplaint(transaction: Transaction, id: string): Promise<DocumentSnapshot> {
  const complaint = await transaction.get(complaintRef(id));
  if (!complaint.exists) throw notFound('Complaint not found');
  if (((complaint.get('replies') ?? []) as unknown[]).length >= complaintThreadMaxEntries) {
    throw conflict('This complaint’s thread is full: raise a new complaint');
  }
  return complaint;
}

/**
 * The fields that record the first answer by staff or an admin, and its count in the rollups;
 * nothing when the complaint was answered before or the writer is its author.
 */
function firstAnswer(transaction: Transaction, complaint: DocumentSnapshot, byStaff: boolean, now: Date) {
  if (!byStaff || complaint.get('answered') === true) return {};
  const changes = new RollupChanges();
  countFirstAnswer(changes, complaintFactsOf(complaint.data() ?? {}), now);
  changes.writeTo(transaction);
  return { answered: true, firstAnsweredAt: Timestamp.fromDate(now) };
}

const entryOf = (
  profile: UserAccount,
  kind: StoredEntry['kind'],
  status: ComplaintStatus | null,
  text: string | null,
  now: Date,
): StoredEntry => ({
  id: db.collection(collections.complaints).doc().id,
  kind,
  status,
  text,
  authorUid: profile._id,
  authorName: profile.name,
  authorRole: roleOf(profile),
  createdAt: Timestamp.fromDate(now),
});

/** POST /complaints/{id}/replies: its author, staff and admins; a closed complaint takes none. */
export async function replyToComplaint(
  id: string,
  profile: UserAccount,
  text: string,
  now: Date = new Date(),
): Promise<Inserted> {
  return db.runTransaction(async (transaction) => {
    const complaint = await readComplaint(transaction, id);
    const staff = isStaffOrAdmin(profile);
    if (!staff && complaint.get('uid') !== profile._id) throw forbidden('This complaint is not yours');
    const status = complaint.get('status') as ComplaintStatus;
    if (status === 'resolved' || status === 'declined') {
      throw conflict(`This complaint is ${complaintStatusLabels[status].toLowerCase()}: raise a new one`);
    }
    const entry = entryOf(profile, 'reply', null, text, now);
    transaction.update(complaint.ref, {
      replies: FieldValue.arrayUnion(entry),
      updatedAt: Timestamp.fromDate(now),
      ...firstAnswer(transaction, complaint, staff, now),
    });
    if (staff && complaint.get('uid') !== profile._id) {
      writeNotification(
        transaction,
        String(complaint.get('uid')),
        `complaint-reply-${entry.id}`,
        notices.complaintUpdated('The kitchen replied to your complaint', text),
      );
    }
    return { insertedId: entry.id };
  });
}

/** PATCH /complaints/{id} (staff, admins): open -> acknowledged -> resolved, or declined with a reason. */
export async function changeComplaintStatus(
  id: string,
  profile: UserAccount,
  change: { status: ComplaintChange; reason: string | null },
  now: Date = new Date(),
): Promise<{ modifiedCount: number }> {
  return db.runTransaction(async (transaction) => {
    const complaint = await readComplaint(transaction, id);
    const from = complaint.get('status') as ComplaintStatus;
    if (from === change.status) return { modifiedCount: 0 };
    if (!complaintTransitions[from]?.includes(change.status)) {
      throw conflict(`status: a complaint that is ${from} cannot become ${change.status}`);
    }
    const entry = entryOf(profile, 'status', change.status, change.reason, now);
    transaction.update(complaint.ref, {
      status: change.status,
      ...(change.reason ? { reason: change.reason } : {}),
      replies: FieldValue.arrayUnion(entry),
      updatedAt: Timestamp.fromDate(now),
      [`${change.status}At`]: Timestamp.fromDate(now),
      ...firstAnswer(transaction, complaint, true, now),
    });
    const label = complaintStatusLabels[change.status].toLowerCase();
    writeNotification(
      transaction,
      String(complaint.get('uid')),
      `complaint-${change.status}-${id}`,
      notices.complaintUpdated(
        `Your complaint was ${label}`,
        change.reason ??
          `${profile.name} ${label} your complaint about ${complaintCategoryLabels[complaint.get('category') as ComplaintCategory].toLowerCase()}.`,
      ),
    );
    return { modifiedCount: 1 };
  });
}
