// Complaints: a member raises one about a serving they reserved or were served at, or about
// the dining in general; staff and admins acknowledge, resolve or decline it (a reason is
// required to decline) and reply in its thread. The member is told at each step in the bell;
// an urgent complaint (always so for hygiene and allergens) reaches every admin's bell at
// once. Each change, its notices and its rollup counts are one transaction.
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
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
  type UserAccount,
} from '@hostelhub/contracts';
import { emailAdminsAboutComplaint } from '../../lib/admin-mail.js';
import { isStaffOrAdmin } from '../../lib/auth.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  readEach,
  typed,
  type ComplaintDocument,
  type ComplaintEntryDocument,
  type ServingDocument,
} from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { notices, writeNotification } from '../../lib/notifications.js';
import { readPage } from '../../lib/paging.js';
import { complaintFactsOf, countFirstAnswer, countNewComplaint, RollupChanges } from '../../lib/rollups.js';
import { reservationSlotRef } from '../../lib/servings.js';
import { isoTime } from '../../lib/timestamps.js';
import { adminsToAlert, complaintsOfAuthor, complaintsQueue, type ComplaintFilter } from './queries.js';
import { currentTime } from '../../lib/clock.js';

const complaintRef = (id: string) => typed.complaints().doc(id);

/** An entry of a complaint's thread as written: every field set. */
type StoredEntry = Required<ComplaintEntryDocument>;

const roleOf = (profile: UserAccount): StoredEntry['authorRole'] =>
  profile.role === 'admin' ? 'admin' : profile.role === 'staff' ? 'staff' : 'member';

/** POST /complaints */
export async function raiseComplaint(
  profile: UserAccount,
  body: { servingId?: string | null; category: ComplaintCategory; text: string; urgent: boolean },
  now: Date = currentTime(),
): Promise<Inserted> {
  const ref = typed.complaints().doc();
  const urgent = body.urgent || isAlwaysUrgent(body.category);
  await db.runTransaction(async (transaction) => {
    let serving: ComplaintDocument['serving'] = null;
    if (body.servingId) {
      const [servingDoc, slot] = await readEach(
        transaction,
        typed.servings().doc(body.servingId),
        reservationSlotRef(body.servingId, profile._id),
      );
      const stored: ServingDocument | undefined = servingDoc.data();
      if (!stored) throw notFound('servingId: Serving not found');
      // The reservation slot is held while a reservation is pending or served, and freed by a cancel.
      if (!slot.exists) throw forbidden('servingId: you may complain about a serving you reserved or were served at');
      serving = {
        id: servingDoc.id,
        date: stored.date,
        slot: stored.slot,
        mealId: stored.mealId,
        mealTitle: stored.mealTitle ?? '',
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

function toThreadEntry(entry: ComplaintEntryDocument): ComplaintThreadEntry {
  return {
    _id: entry.id,
    kind: entry.kind,
    status: entry.status ?? null,
    text: entry.text ?? null,
    author: { name: entry.authorName, role: entry.authorRole },
    createdAt: isoTime(entry.createdAt),
  };
}

function toComplaint(id: string, stored: ComplaintDocument, forStaff: boolean): Complaint {
  const { serving } = stored;
  return {
    _id: id,
    status: stored.status,
    category: stored.category,
    urgent: stored.urgent === true,
    text: stored.text,
    createdAt: isoTime(stored.createdAt),
    firstAnsweredAt: isoTime(stored.firstAnsweredAt),
    reason: stored.reason ?? null,
    serving: serving
      ? { _id: serving.id, date: serving.date, slot: serving.slot, mealTitle: serving.mealTitle ?? '' }
      : null,
    author: forStaff ? { name: stored.authorName ?? '', email: stored.authorEmail ?? '' } : null,
    replies: (stored.replies ?? []).map(toThreadEntry),
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
  return { complaints: docs.map((doc) => toComplaint(doc.id, doc.data(), staff)), nextCursor };
}

/** Reads a complaint in a transaction and refuses a thread that is full. */
async function readComplaint(transaction: Transaction, id: string) {
  const complaint = await transaction.get(complaintRef(id));
  const stored = complaint.data();
  if (!stored) throw notFound('Complaint not found');
  if ((stored.replies ?? []).length >= complaintThreadMaxEntries) {
    throw conflict('This complaint’s thread is full: raise a new complaint');
  }
  return { ref: complaint.ref, stored };
}

/**
 * The fields that record the first answer by staff or an admin, and its count in the rollups;
 * nothing when the complaint was answered before or the writer is its author.
 */
function firstAnswer(transaction: Transaction, complaint: ComplaintDocument, byStaff: boolean, now: Date) {
  if (!byStaff || complaint.answered === true) return {};
  const changes = new RollupChanges();
  countFirstAnswer(changes, complaintFactsOf(complaint), now);
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
  id: typed.complaints().doc().id,
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
  now: Date = currentTime(),
): Promise<Inserted> {
  return db.runTransaction(async (transaction) => {
    const { ref, stored } = await readComplaint(transaction, id);
    const staff = isStaffOrAdmin(profile);
    if (!staff && stored.uid !== profile._id) throw forbidden('This complaint is not yours');
    const status = stored.status;
    if (status === 'resolved' || status === 'declined') {
      throw conflict(`This complaint is ${complaintStatusLabels[status].toLowerCase()}: raise a new one`);
    }
    const entry = entryOf(profile, 'reply', null, text, now);
    transaction.update(ref, {
      replies: FieldValue.arrayUnion(entry),
      updatedAt: Timestamp.fromDate(now),
      ...firstAnswer(transaction, stored, staff, now),
    });
    if (staff && stored.uid !== profile._id) {
      writeNotification(
        transaction,
        stored.uid,
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
  now: Date = currentTime(),
): Promise<{ modifiedCount: number }> {
  return db.runTransaction(async (transaction) => {
    const { ref, stored } = await readComplaint(transaction, id);
    const from = stored.status;
    if (from === change.status) return { modifiedCount: 0 };
    if (!complaintTransitions[from]?.includes(change.status)) {
      throw conflict(`status: a complaint that is ${from} cannot become ${change.status}`);
    }
    const entry = entryOf(profile, 'status', change.status, change.reason, now);
    transaction.update(ref, {
      status: change.status,
      ...(change.reason ? { reason: change.reason } : {}),
      replies: FieldValue.arrayUnion(entry),
      updatedAt: Timestamp.fromDate(now),
      [`${change.status}At`]: Timestamp.fromDate(now),
      ...firstAnswer(transaction, stored, true, now),
    });
    const label = complaintStatusLabels[change.status].toLowerCase();
    writeNotification(
      transaction,
      stored.uid,
      `complaint-${change.status}-${id}`,
      notices.complaintUpdated(
        `Your complaint was ${label}`,
        change.reason ??
          `${profile.name} ${label} your complaint about ${complaintCategoryLabels[stored.category].toLowerCase()}.`,
      ),
    );
    return { modifiedCount: 1 };
  });
}
