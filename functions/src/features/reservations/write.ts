// Writing a checked reservation (ADR 0029, 0056): the request record, the member's hold on the
// serving, the place claimed, the quota lock and the rollups, in the caller's transaction. The
// checks that come before it are reserve.ts's; a walk-in at the counter writes through here too.
import { FieldValue, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { HallSwitchDocument, MealDocument, MealRequestDocument } from '../../lib/converters/index.js';
import { countNewRequest, countOutcomeChange, RollupChanges, type RequestFacts } from '../../lib/rollups.js';
import { placeRef } from '../../lib/serving-places.js';
import { holdRef, servingOf, slotOf, type ServingSnapshot } from '../../lib/servings.js';
import { hallIdOf } from '../../lib/halls.js';
import {
  newRequestRecord,
  noticeOfServe,
  quotaLockRef,
  servedFields,
  type Requester,
  type ServedBy,
} from '../../lib/requests/records.js';

/** What checkReservation read and decided, for writeReservation in the same transaction. */
export type ReservationPlan = {
  ok: true;
  mealId: string;
  meal: DocumentSnapshot<MealDocument>;
  serving: ServingSnapshot;
  requester: Requester;
  priority: boolean;
  limited: boolean;
  quotaWeek: string;
  /** The instant the reservation is made at: its `requestedAt`, and the rollups' day for an undated request. */
  now: Date;
  /** The new request record, its id chosen when planned. */
  record: DocumentReference<MealRequestDocument>;
  /** The place it claims (ADR 0056); null for a serving without a capacity. */
  place: number | null;
  /** Served by default at the member's own hall (ADR 74): counted already, so not reserved. */
  byDefault: boolean;
  /** At a hall not the member's own (ADR 72): their month's lock, and its count with this one. */
  hallSwitch: { ref: DocumentReference<HallSwitchDocument>; month: string; count: number } | null;
};

/**
 * Writes a checked reservation: the request record, the member's hold and the
 * place in `servings/{id}.reserved`. `servedBy`: a walk-in at the counter, served at once
 * (the serve's fields, count and notice as a serve of a pending request writes them).
 * Returns the new request's id.
 */
export function writeReservation(transaction: Transaction, plan: ReservationPlan, servedBy?: ServedBy): string {
  return writeReservations(transaction, [plan], servedBy).get(plan)!;
}

/**
 * Writes checked reservations of one serving: each one's record, hold and quota
 * lock, the places in `servings/{id}.reserved` with one write, and the rollups once per
 * document. Returns each plan's request id.
 */
export function writeReservations(
  transaction: Transaction,
  plans: ReservationPlan[],
  servedBy?: ServedBy,
): Map<ReservationPlan, string> {
  const ids = new Map<ReservationPlan, string>();
  if (plans.length === 0) return ids;
  const serving = plans[0]!.serving;
  const { date } = servingOf(serving);
  const changes = new RollupChanges();
  for (const plan of plans) {
    const { requester, record } = plan;
    transaction.set(record, {
      ...newRequestRecord(plan.mealId, plan.meal, requester, plan.priority, plan.quotaWeek, plan.now),
      servingId: serving.id,
      servingDate: date,
      servingSlot: slotOf(serving),
      servingHall: hallIdOf(servingOf(serving)),
      place: plan.place,
      ...(servedBy ? { ...servedFields(servedBy), walkIn: true } : {}),
      ...(plan.hallSwitch ? { hallSwitch: true } : {}),
      ...(plan.byDefault ? { byDefault: true } : {}),
    });
    if (plan.hallSwitch) {
      const { ref, month, count } = plan.hallSwitch;
      transaction.set(ref, { uid: requester.uid, month, count });
    }
    if (plan.place !== null) {
      transaction.create(placeRef(serving.id, plan.place), {
        servingId: serving.id,
        index: plan.place,
        requestId: record.id,
        userUid: requester.uid,
      });
    }
    transaction.set(holdRef(serving.id, requester.uid), {
      requestId: record.id,
      servingId: serving.id,
      userUid: requester.uid,
    });
    if (servedBy) noticeOfServe(transaction, requester.uid, record.id, plan.meal.data()?.title, serving);
    // A walk-in's day is written once with the others: requested, then served.
    const facts: RequestFacts = {
      mealId: plan.mealId,
      requestedAt: plan.now,
      serving: { date, slot: slotOf(serving), hallId: hallIdOf(servingOf(serving)) },
    };
    countNewRequest(changes, facts);
    if (servedBy) countOutcomeChange(changes, facts, 'pending', 'served');
    if (plan.limited)
      transaction.set(
        quotaLockRef(requester.uid),
        { lastRequestId: record.id, updatedAt: FieldValue.serverTimestamp() },
        { merge: true },
      );
    ids.set(plan, record.id);
  }
  // A meal served by default was counted without a reservation (ADR 74): `reserved` stays.
  const reserved = plans.filter((plan) => !plan.byDefault).length;
  transaction.update(serving.ref, {
    ...(reserved > 0 ? { reserved: FieldValue.increment(reserved) } : {}),
    ...(servedBy ? { served: FieldValue.increment(plans.length) } : {}),
  });
  changes.writeTo(transaction);
  return ids;
}
