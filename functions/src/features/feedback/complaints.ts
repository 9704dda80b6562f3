// Complaints once raised (raise-complaint.ts raises them): staff and admins acknowledge,
// resolve or decline one (a reason is required to decline) and reply in its thread. The member
// is told at each step in the bell. Complaints about staff are the admins' alone, and only
// admins see an author's email (ADR 68). Each change, its notices and its rollup counts are
// one transaction.
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  complaintCategories,
  complaintCategoryLabels,
  complaintStatusLabels,
  complaintThreadMaxEntries,
  complaintTransitions,
  isAdminOnlyCategory,
  type Complaint,
  type ComplaintChange,
  type ComplaintsPage,
  type ComplaintStatus,
  type ComplaintThreadEntry,
  type Inserted,
  type UserAccount,
} from '@hostelhub/contracts';
import { isStaffOrAdmin } from '../../lib/auth.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { typed, type ComplaintDocument, type ComplaintEntryDocument } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { notices, writeNotification } from '../../lib/notifications.js';
import { readPage } from '../../lib/paging.js';
import { RollupChanges } from '../../lib/rollups.js';
import { complaintFactsOf, countFirstAnswer } from '../../lib/satisfaction-rollups.js';
import { isoTime } from '../../lib/timestamps.js';
import { complaintsOfAuthor, complaintsQueue, type ComplaintFilter } from './queries.js';
import { currentTime } from '../../lib/clock.js';
import { actorOf, recordAction } from '../../lib/admin-actions.js';

const complaintRef = (id: string) => typed.complaints().doc(id);

/** An entry of a complaint's thread as written: every field set. */
type StoredEntry = Required<ComplaintEntryDocument>;

const roleOf = (profile: UserAccount): StoredEntry['authorRole'] =>
  profile.role === 'admin' ? 'admin' : profile.role === 'staff' ? 'staff' : 'member';

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

/** What kitchen staff (not admins) may list: every category but the admins' own. */
const staffCategories = complaintCategories.filter((category) => !isAdminOnlyCategory(category));

const isAdmin = (profile: UserAccount) => profile.role === 'admin';

/** Refuses kitchen staff a complaint about staff (its author apart, in its thread): it is the admins' alone. */
function refuseStaffOnAdminsOwn(profile: UserAccount, complaint: ComplaintDocument, authorMayReply = false) {
  if (profile.role !== 'staff' || !isAdminOnlyCategory(complaint.category)) return;
  if (authorMayReply && complaint.uid === profile._id) return;
  throw forbidden('Complaints about staff are answered by admins');
}

/** The complaint as `viewer` reads it: staff see who raised it, only admins their email. */
function toComplaint(id: string, stored: ComplaintDocument, viewer: 'author' | 'staff' | 'admin'): Complaint {
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
    author:
      viewer === 'author'
        ? null
        : { name: stored.authorName ?? '', email: viewer === 'admin' ? (stored.authorEmail ?? '') : null },
    replies: (stored.replies ?? []).map(toThreadEntry),
  };
}

/**
 * GET /complaints: a member's own; staff's and admins' everyone's, oldest unanswered first,
 * but those about staff to admins only.
 */
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
  if (staff && !isAdmin(profile)) {
    if (query.category && isAdminOnlyCategory(query.category)) {
      throw forbidden('category: complaints about staff are listed to admins only');
    }
    if (!query.category) filter.categories = staffCategories;
  }
  const base = staff ? complaintsQueue(filter) : complaintsOfAuthor(profile._id, filter);
  const { docs, nextCursor } = await readPage(base, query.limit, query.cursor);
  const viewer = !staff ? 'author' : isAdmin(profile) ? 'admin' : 'staff';
  return { complaints: docs.map((doc) => toComplaint(doc.id, doc.data(), viewer)), nextCursor };
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
    refuseStaffOnAdminsOwn(profile, stored, true);
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
    refuseStaffOnAdminsOwn(profile, stored);
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
    recordAction(transaction, actorOf(profile), {
      kind: 'complaint.status',
      target: {
        type: 'complaint',
        id,
        label: `${complaintCategoryLabels[stored.category]}: ${stored.authorName ?? ''}`,
      },
      before: { status: from },
      after: { status: change.status, reason: change.reason },
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
