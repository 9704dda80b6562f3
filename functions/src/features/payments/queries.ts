import { typed } from '../../lib/converters/index.js';

/** A user's payments, newest first (paged by readPage; index in firestore.indexes.json). */
export const paymentHistoryQuery = (uid: string) => typed.payments().where('uid', '==', uid).orderBy('paidAt', 'desc');

/** The payment rows of one subscription (one per invoice), to see whether one was taken back. */
export const subscriptionPaymentsQuery = (subscriptionId: string) =>
  typed.payments().where('subscriptionId', '==', subscriptionId);

/** The stored statuses the daily tidy may still have to change; `expired` is its own end state. */
export const untidiedMembershipStatuses = ['active', 'past_due', 'canceled'] as const;

/**
 * Memberships whose paid period ended before `cutoff` and that are not stored as expired
 * yet, for the daily tidy. A tidied membership leaves the result, so each run reads what
 * ended since the last one (and the few still in their grace days), never every membership
 * that ever ended.
 */
export const endedMembershipsQuery = (cutoff: Date) =>
  typed
    .users()
    .where('membership.status', 'in', [...untidiedMembershipStatuses])
    .where('membership.currentPeriodEnd', '<', cutoff);
