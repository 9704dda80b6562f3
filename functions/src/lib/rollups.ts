// The insights' counters (ADR 0036): `rollups/{YYYY-MM-DD}` for a day's requests and what
// became of them, `rollups/{YYYY-MM}` for a month's money, members and requests per meal.
// Every change that moves a number adds its increments here, in the same transaction or
// batch as the change itself; the rebuild (rollup-rebuild.ts) adds the same increments for
// every source document, so the live counters and a rebuild cannot disagree by construction.
// What happened at a hall is counted twice: in the hostel's total, and under `halls.{hallId}`
// with the same path, which Insights reads for one hall (ADR 72).
import { FieldValue, Timestamp, type Query, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import {
  firstHallId,
  hostelDate,
  includedVatInCents,
  instantOfHostelTime,
  isBadge,
  mealSlots,
  storedRequestStatusOf,
  type Badge,
  type MealSlot,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../config.js';
import { typed } from './converters/index.js';

/** What became of a request, as the rollups count it; `pending` is counted nowhere. */
export type RequestOutcome = 'pending' | 'served' | 'cancelled' | 'notCollected';

/** What the rollups need to know about a request record. */
export type RequestFacts = {
  mealId: string;
  requestedAt: Date;
  /** A reservation's serving, its date (hostel time), slot and hall; null for an undated request. */
  serving: { date: string; slot: MealSlot; hallId: string } | null;
};

/** What the rollups need to know about a payment row; its hall is the payer's that month. */
export type PaymentFacts = { paidAt: Date; amountInCents: number; taxInCents: number; hallId: string };

/** The statuses of a payment row whose money was taken back. */
const takenBack = (status: string | null) => status === 'refunded' || status === 'disputed';

/**
 * Increments for rollup documents, gathered per document so each is written once: a
 * transaction may count several things into the same day or month.
 */
export class RollupChanges {
  private readonly documents = new Map<string, Map<string, { path: string[]; by: number }>>();

  /** Adds `by` at `path`, and under `halls.{hallId}` as well when it happened at a hall. */
  add(documentId: string, path: string[], by: number, hallId?: string) {
    if (by === 0) return;
    if (hallId !== undefined) this.add(documentId, ['halls', hallId, ...path], by);
    const fields = this.documents.get(documentId) ?? new Map<string, { path: string[]; by: number }>();
    const key = JSON.stringify(path);
    fields.set(key, { path, by: (fields.get(key)?.by ?? 0) + by });
    this.documents.set(documentId, fields);
  }

  /**
   * Each document as nested fields, with `leaf` applied to every amount, and its identity
   * field (`date` for a day, `month` for a month, which the insights' range queries read).
   */
  entries<T>(leaf: (by: number) => T): [string, Record<string, unknown>][] {
    return [...this.documents].map(([documentId, fields]) => {
      const document: Record<string, unknown> = documentId.length === 10 ? { date: documentId } : { month: documentId };
      for (const { path, by } of fields.values()) {
        let node = document;
        for (const segment of path.slice(0, -1)) {
          node[segment] ??= {};
          node = node[segment] as Record<string, unknown>;
        }
        node[path[path.length - 1]!] = leaf(by);
      }
      return [documentId, document];
    });
  }

  /** Adds the increments to a transaction or batch: blind writes, so no read has to follow them. */
  writeTo(writer: Transaction | WriteBatch) {
    for (const [documentId, document] of this.entries((by) => FieldValue.increment(by))) {
      // The same merge-set on either writer; the cast only picks one of the two overloads.
      (writer as WriteBatch).set(rollupRef(documentId), document, { merge: true });
    }
  }
}

export const rollupRef = (documentId: string) => typed.rollups().doc(documentId);

/** The hostel's calendar day of an instant, `YYYY-MM-DD`. */
export const hostelDayOf = (instant: Date) => hostelDate(instant, hostelTimeZone());

/** The instant a month (`YYYY-MM`) starts in the hostel's time zone. */
export const monthStart = (month: string) => instantOfHostelTime(`${month}-01`, '00:00', hostelTimeZone());

/** The day a request counts on: its serving's date, or the day it was made. */
export const requestDay = (request: RequestFacts) => request.serving?.date ?? hostelDayOf(request.requestedAt);

/** A request made: requested on its day, reserved for a reservation, and one more for its meal that month. */
export function countNewRequest(changes: RollupChanges, request: RequestFacts) {
  const day = requestDay(request);
  const hallId = request.serving?.hallId;
  changes.add(day, ['requested'], 1, hallId);
  if (request.serving) {
    changes.add(day, ['reserved'], 1, hallId);
    changes.add(day, ['slots', request.serving.slot, 'reserved'], 1, hallId);
  }
  changes.add(day.slice(0, 7), ['mealRequests', request.mealId], 1, hallId);
}

/** A request moved from one outcome to another (served, cancelled, not collected, pending again). */
export function countOutcomeChange(
  changes: RollupChanges,
  request: RequestFacts,
  from: RequestOutcome,
  to: RequestOutcome,
) {
  if (from === to) return;
  const day = requestDay(request);
  for (const [outcome, by] of [
    [from, -1],
    [to, 1],
  ] as const) {
    if (outcome === 'pending') continue;
    changes.add(day, [outcome], by, request.serving?.hallId);
    if (request.serving) changes.add(day, ['slots', request.serving.slot, outcome], by, request.serving.hallId);
  }
}

/**
 * The outcome of a request record: a reservation still pending once its serving's no-shows
 * were counted (`noShowsCountedAt` on the serving) was not collected.
 */
export function outcomeOf(status: unknown, servingNoShowsCounted: boolean): RequestOutcome {
  const stored = storedRequestStatusOf(status);
  if (stored === 'served' || stored === 'cancelled') return stored;
  return servingNoShowsCounted ? 'notCollected' : 'pending';
}

/** A stored instant; a missing one reads as the epoch, so a damaged document cannot stop a count. */
export const instantOf = (value: unknown) => (value instanceof Timestamp ? value.toDate() : new Date(0));

/** The facts of a stored request record (`mealRequests/{id}`). */
export function requestFactsOf(data: Record<string, unknown>): RequestFacts {
  const slot = data.servingSlot;
  const serving =
    typeof data.servingId === 'string' && typeof data.servingDate === 'string'
      ? {
          date: data.servingDate,
          slot: (mealSlots as readonly unknown[]).includes(slot) ? (slot as MealSlot) : ('lunch' as const),
          hallId: storedHallOf(data.servingHall),
        }
      : null;
  return { mealId: String(data.mealId ?? ''), requestedAt: instantOf(data.requestedAt), serving };
}

/**
 * A payment row written or re-marked: a new row adds its amount and VAT to the month it was
 * paid in; money taken back (refunded or disputed) counts against that same month, once.
 */
export function countPayment(changes: RollupChanges, payment: PaymentFacts, from: string | null, to: string) {
  const month = hostelDayOf(payment.paidAt).slice(0, 7);
  const { hallId } = payment;
  if (from === null) {
    changes.add(month, ['revenue', 'grossCents'], payment.amountInCents, hallId);
    changes.add(month, ['revenue', 'taxCents'], payment.taxInCents, hallId);
    changes.add(month, ['revenue', 'payments'], 1, hallId);
  }
  if (takenBack(to) && !takenBack(from)) {
    changes.add(month, ['revenue', 'refundedCents'], payment.amountInCents, hallId);
    changes.add(month, ['revenue', 'refundedTaxCents'], payment.taxInCents, hallId);
  }
}

/** The facts of a stored payment row (`payments/{id}`): Stripe's VAT, or the VAT inside the amount. */
export function paymentFactsOf(data: Record<string, unknown>): PaymentFacts {
  const amountInCents = Number(data.amountInCents ?? Math.round(Number(data.amount ?? 0) * 100));
  const tax = data.taxInCents;
  return {
    paidAt: instantOf(data.paidAt),
    amountInCents,
    taxInCents: typeof tax === 'number' ? tax : includedVatInCents(amountInCents),
    hallId: storedHallOf(data.hallId),
  };
}

/** A record's stored hall; records from before halls are the first hall's (scripts/migrate-halls.mjs). */
export const storedHallOf = (value: unknown): string => (typeof value === 'string' ? value : firstHallId);

/** A paid tier's name, or null for Bronze and anything else. */
export const paidTierOf = (value: unknown): Badge | null => (isBadge(value) && value !== 'Bronze' ? value : null);

/**
 * The tier a stored membership is counted in: its package while it is not stored as ended
 * (`expired`). A membership ends for the rollups when it is stored as ended (the daily tidy,
 * a refund or dispute), so the live counters follow stored changes only, never the clock.
 */
export function countedTierOf(membership: unknown): Badge | null {
  if (!membership || typeof membership !== 'object') return null;
  const { status, packageName, currentPeriodEnd } = membership as Record<string, unknown>;
  return status === 'expired' || !currentPeriodEnd ? null : paidTierOf(packageName);
}

/** A membership started, changed tier or ended, counted in the month it happened. */
export function countMembershipChange(changes: RollupChanges, from: Badge | null, to: Badge | null, at: Date) {
  if (from === to) return;
  const month = hostelDayOf(at).slice(0, 7);
  if (from) changes.add(month, ['members', 'left', from], 1);
  if (to) changes.add(month, ['members', 'joined', to], 1);
  if (!from) changes.add(month, ['members', 'gained'], 1);
  if (!to) changes.add(month, ['members', 'lost'], 1);
}

/**
 * In the transaction that stores a user's membership: when the counted tier changes, logs
 * the change (`membershipChanges`, what a rebuild recounts) and counts it in the rollups.
 */
export function recordMembershipChange(
  transaction: Transaction,
  uid: string,
  before: unknown,
  after: unknown,
  at: Date,
) {
  const from = countedTierOf(before);
  const to = countedTierOf(after);
  if (from === to) return;
  transaction.create(typed.membershipChanges().doc(), { uid, from, to, at: Timestamp.fromDate(at) });
  const changes = new RollupChanges();
  countMembershipChange(changes, from, to, at);
  changes.writeTo(transaction);
}

// The range reads of the rollups and of their sources (the insights, the exports and the
// rebuild). Each has one range filter and its own ordering: single-field indexes serve them.

/** The first month a rollup can have: the members series adds every month up from here. */
export const firstRollupMonth = '2000-01';

/**
 * `query`'s documents whose `field` runs from `from` to `to`, ordered by it: `to` included for
 * days and months (`YYYY-MM-DD`, `YYYY-MM`), excluded for instants ([start, end)).
 */
export const inRange = <T>(query: Query<T>, field: string, from: string | Date, to: string | Date): Query<T> =>
  query
    .where(field, '>=', from)
    .where(field, to instanceof Date ? '<' : '<=', to)
    .orderBy(field);

/** The day rollups from `from` to `to` (`YYYY-MM-DD`), both included: only days with activity exist. */
export const rollupDaysBetween = (from: string, to: string) => inRange(typed.rollups(), 'date', from, to);

/** The month rollups from `from` to `to` (`YYYY-MM`), both included. */
export const rollupMonthsBetween = (from: string, to: string) => inRange(typed.rollups(), 'month', from, to);

/** Payments paid in [start, end), oldest first. */
export const paymentsPaidBetween = (start: Date, end: Date) => inRange(typed.payments(), 'paidAt', start, end);

/** Reservations for servings on the days `from` to `to` (`YYYY-MM-DD`). */
export const reservationsForDays = (from: string, to: string) => inRange(typed.mealRequests(), 'servingDate', from, to);

/** Requests made in [start, end) (the undated ones count on that day). */
export const requestsMadeBetween = (start: Date, end: Date) => inRange(typed.mealRequests(), 'requestedAt', start, end);

/** Memberships started, changed or ended in [start, end). */
export const membershipChangesBetween = (start: Date, end: Date) =>
  inRange(typed.membershipChanges(), 'at', start, end);
