// POST /complaints, with its bounds (ADR 68): only a member now or someone served a meal may
// complain (403), at most `complaintsPerMemberPerDay()` a hostel day (409), and the admins hear
// of it by the window's digest; an urgent one is emailed at once while the window has room.
// The complaint, its counts, its urgent bell entries and its rollup counts are one transaction.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  complaintCapMessage,
  complaintCategoryLabels,
  complaintNotEligibleMessage,
  hostelDate,
  isAlwaysUrgent,
  isMember,
  urgentComplaintEmailsPerWindow,
  type ComplaintCategory,
  type Inserted,
  type UserAccount,
} from '@hostelhub/contracts';
import { complaintsPerMemberPerDay, hostelTimeZone } from '../../config.js';
import { emailAdminsAboutComplaint } from '../../lib/admin-mail.js';
import { currentTime } from '../../lib/clock.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { readEach, typed, type ComplaintDocument, type ServingDocument } from '../../lib/converters/index.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import { notices, writeNotification } from '../../lib/notifications.js';
import { RollupChanges } from '../../lib/rollups.js';
import { countNewComplaint } from '../../lib/satisfaction-rollups.js';
import { holdRef } from '../../lib/servings.js';
import { digestWindowOf } from './complaint-digest.js';
import { adminsToAlert, servedMealOfUser } from './queries.js';

const memberCounterRef = (uid: string) => typed.complaintCounters().doc(`member-${uid}`);
const urgentEmailCounterRef = (window: string) => typed.complaintCounters().doc(`urgent-email-${window}`);

/**
 * Whether the caller eats here: a membership that gives rights now, or a meal served to them
 * once (a resident whose membership lapsed may still complain about what they ate). An account
 * and nothing more (a stranger's script) may not.
 */
async function mayComplain(profile: UserAccount, now: Date): Promise<boolean> {
  if (isMember(profile, now)) return true;
  return !(await servedMealOfUser(profile._id).get()).empty;
}

export type ComplaintInput = { servingId?: string | null; category: ComplaintCategory; text: string; urgent: boolean };

/** POST /complaints */
export async function raiseComplaint(
  profile: UserAccount,
  body: ComplaintInput,
  now: Date = currentTime(),
): Promise<Inserted> {
  if (!(await mayComplain(profile, now))) throw forbidden(complaintNotEligibleMessage);
  const ref = typed.complaints().doc();
  const urgent = body.urgent || isAlwaysUrgent(body.category);
  const today = hostelDate(now, hostelTimeZone());
  const window = digestWindowOf(now);
  const cap = complaintsPerMemberPerDay();
  // The day's count is one document per member, read and written here: two complaints racing
  // conflict on it, so the cap holds however fast they come. A burst from one member on one
  // instance runs one after another (its key) rather than aborting each other into a 503.
  const emailNow = await runContendedTransaction(
    async (transaction) => {
      const counter = await transaction.get(memberCounterRef(profile._id));
      let serving: ComplaintDocument['serving'] = null;
      if (body.servingId) {
        const [servingDoc, hold] = await readEach(
          transaction,
          typed.servings().doc(body.servingId),
          holdRef(body.servingId, profile._id),
        );
        const stored: ServingDocument | undefined = servingDoc.data();
        if (!stored) throw notFound('servingId: Serving not found');
        // The member's hold stays while a reservation is pending or served, and a cancel frees it.
        if (!hold.exists) throw forbidden('servingId: you may complain about a serving you reserved or were served at');
        serving = {
          id: servingDoc.id,
          date: stored.date,
          slot: stored.slot,
          mealId: stored.mealId,
          mealTitle: stored.mealTitle ?? '',
        };
      }
      const counted = counter.data();
      const raisedToday = counted?.period === today ? counted.count : 0;
      if (raisedToday >= cap) throw conflict(complaintCapMessage(cap));
      // Urgent emails at once only while the window has room; past it they join the digest, so
      // a burst of urgent complaints is still one email per admin per window beyond the first few.
      // Read only for an urgent one: other complaints do not wait on the window's document.
      const urgentSent = urgent ? ((await transaction.get(urgentEmailCounterRef(window))).data()?.count ?? 0) : 0;
      const atOnce = urgent && urgentSent < urgentComplaintEmailsPerWindow;
      const admins = urgent ? await transaction.get(adminsToAlert()) : null;
      transaction.set(memberCounterRef(profile._id), {
        period: today,
        count: raisedToday + 1,
        updatedAt: FieldValue.serverTimestamp(),
      });
      if (atOnce) {
        transaction.set(urgentEmailCounterRef(window), {
          period: window,
          count: urgentSent + 1,
          updatedAt: FieldValue.serverTimestamp(),
        });
      }
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
        digestWindow: atOnce ? null : window,
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
      return atOnce;
    },
    { key: memberCounterRef(profile._id).path },
  );
  if (emailNow) {
    // After the commit: the admins who take `complaints` emails hear of it once (the complaint's
    // id keys the email), and a complaint stands whether or not its email could be written
    // (its bell entry reached every admin in the transaction).
    const label = complaintCategoryLabels[body.category];
    await emailAdminsAboutComplaint({
      id: ref.id,
      title: `Urgent complaint: ${label}`,
      summary: body.text,
      path: '/dashboard/complaints',
    }).catch((error: unknown) =>
      logger.warn('Could not email the admins about a complaint', { id: ref.id, error: String(error) }),
    );
  }
  return { insertedId: ref.id };
}
