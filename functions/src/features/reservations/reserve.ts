// Reservations (ADR 0029): a member's request for one serving of a meal, checked against the
// serving's capacity, cutoff and closed days and the member's quota, and committed together
// with the others of its serving that arrive at once (ADR 0047).
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { firstHallId, homeHallIn, hostelDate, mondayOf, servingFullMessage } from '@hostelhub/contracts';
import { readLists, typed } from '../../lib/converters/index.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { hallIdOf, hallNamesIfSeveral, hallSettingsRef, hallSwitchRef, switchesPerMonthOf } from '../../lib/halls.js';
import { nextSwitch } from './hall-switches.js';
import { approvedLeaveOn, onLeaveMessage } from '../../lib/leave.js';
import { emails } from '../../lib/emails.js';
import { prepareMail, writeMailIn } from '../../lib/mail.js';
import { type MailRecipient } from '../../lib/mail-recipients.js';
import { hostelTimeZone } from '../../config.js';
import { entitlementsOf } from '../../lib/entitlements.js';
import { countedRequestsOfUserInWeek } from '../../lib/requests/queries.js';
import { groupCommits, type Settled } from '../../lib/group-commit.js';
import { ReadOutsideChanged, runContendedTransaction } from '../../lib/transactions.js';
import { capacityRef, pickPlaces, placeSpace, placesOfServing } from '../../lib/serving-places.js';
import {
  closedDayRef,
  cutoffOf,
  dayLabel,
  reservationsClosedMessage,
  holdRef,
  servingLabel,
  servingKey,
  servingRef,
  servingOf,
  slotOf,
  type ServingSnapshot,
} from '../../lib/servings.js';
import {
  checkCancelsAndQuota,
  quotaLockRef,
  requestRef,
  ReservationRefused,
  type RequestOutcome,
  type Requester,
} from '../../lib/requests/records.js';
import { writeReservations, type ReservationPlan } from './write.js';
import { currentTime } from '../../lib/clock.js';

/**
 * A reservation (ADR 0029): a request for one serving of the meal. Reservations of one
 * serving arriving together on this instance are committed together (ADR 0047), and each
 * claims one of the serving's places (ADR 0056): one transaction reads each member's
 * hold, package and quota lock, checks each in turn against the serving (of that
 * meal, open: before its cutoff, not on a closed day; a place free when it began), creates
 * that place and counts the places taken in `servings/{id}.reserved` with one write that reads
 * nothing. Racing members, on this instance or on others, never take more places than the
 * capacity: two claims of one place meet on that place's document, and the serving's document
 * is only read before the transaction. A member holds at most one reservation per serving (208
 * naming it for a second), and the quota counts it in the week of the serving's date.
 */
export function reserveServing(servingId: string, item: ReservationItem): Promise<RequestOutcome> {
  return reservationsOfServing(servingId, item);
}

/** One member's reservation, waiting for its serving's next transaction. */
export type ReservationItem = {
  mealId: string;
  requester: Requester;
  now: Date;
  walkIn?: boolean;
  /**
   * Served at the counter under default booking (ADR 74): a member of the serving's hall,
   * counted already, so no place, quota or cutoff applies and the record is not a reservation.
   */
  byDefault?: boolean;
  /** Who is told by email, read before the transaction; none for a walk-in served at the counter. */
  recipient?: MailRecipient | null;
};

/** At most this many reservations in one transaction: each writes three documents, and a transaction takes 500. */
const reservationsPerTransaction = 50;

const reservationsOfServing = groupCommits<ReservationItem, RequestOutcome>(
  reservationsPerTransaction,
  async (servingId, items) => {
    // The confirmations name the hall where there are several: read before, not in, the transaction.
    const hallNames = items.some((item) => item.recipient !== undefined) ? await hallNamesIfSeveral() : new Map();
    return runContendedTransaction(
      async (transaction) => {
        const checked = await checkReservations(transaction, servingId, items);
        const plans = checked.filter((result): result is ReservationPlan => 'ok' in result && result.ok === true);
        const ids = writeReservations(transaction, plans);
        // Each confirmation is stored with its reservation, or neither is.
        checked.forEach((result, index) => {
          const item = items[index]!;
          if (result instanceof Error || !result.ok || item.recipient === undefined) return;
          const reserved = {
            serving: result.serving,
            mealTitle: result.meal.data()?.title ?? '',
            requestId: ids.get(result)!,
            hallName: hallNames.get(hallIdOf(servingOf(result.serving))),
          };
          writeMailIn(
            transaction,
            prepareMail(item.recipient, emails.reservationConfirmed(reserved, item.now), item.now),
          );
        });
        return checked.map((result): Settled<RequestOutcome> => {
          if (result instanceof Error) return { ok: false, error: result };
          if (result.ok) return { ok: true, value: { created: true, insertedId: ids.get(result)! } };
          return { ok: true, value: { created: false, message: result.message, requestId: result.requestId } };
        });
      },
      { key: servingKey(servingId), claims: true },
    );
  },
);

/** A serving and its places free at one instant. */
type PlacesView = { serving: ServingSnapshot; free: number[] };

/**
 * The serving and its free places, read outside the claiming transaction: a read outside holds
 * no lock, so reading the serving here never holds back another instance's claim.
 *
 * The three reads agree without a snapshot. Every commit that adds, closes or frees a place
 * also writes the serving (`reserved`, `capacity`), and the serving read after the places is
 * the one used: a claim that lands between them is in its count and not among the places,
 * which frees fewer, never more. A capacity changed, or a place given up, between the two
 * reads of the serving could free more: then the reservation runs again. (A read-only
 * transaction would be one snapshot in production; the Firestore emulator's is not: measured,
 * a few reads in a thousand showed a commit's place without its count, or the other way.)
 */
async function readPlaces(servingId: string): Promise<PlacesView> {
  const before = await servingRef(servingId).get();
  const places = await placesOfServing(servingId).get();
  const serving = await servingRef(servingId).get();
  const stored = serving.data();
  if (!stored) return { serving, free: [] };
  const earlier = before.data();
  if (earlier && (earlier.capacity !== stored.capacity || (earlier.reserved ?? 0) > (stored.reserved ?? 0))) {
    throw new ReadOutsideChanged(`The places of servings/${servingId}`);
  }
  const space = placeSpace(
    stored.capacity,
    stored.reserved ?? 0,
    places.docs.map((place) => place.data()),
  );
  return { serving, free: space.free };
}

/**
 * A limited member's counted requests of `quotaWeek` (at most as many as decide it), read
 * outside the transaction; undefined for a package without a limit.
 */
function countedOutside(uid: string, pack: DocumentSnapshot | undefined, quotaWeek: string) {
  const limit = entitlementsOf(pack).weeklyRequestLimit;
  if (limit === null) return undefined;
  return countedRequestsOfUserInWeek(uid, quotaWeek).limit(Math.max(limit, 1)).get();
}

/** A member who holds a place already: the message, and the reservation they hold. */
type AlreadyHeld = { ok: false; message: string; requestId: string };

/**
 * The reads and checks of a reservation, inside the caller's transaction (reads come before
 * writes there): the serving is of that meal, open (before its cutoff, not on a closed day),
 * not full, the member holds no place in it yet (`ok: false` with the message) and their
 * quota and day's cancel cap allow one more. A walk-in at the counter comes after the cutoff
 * by nature: `walkIn` skips that one check and nothing else.
 */
export async function checkReservation(
  transaction: Transaction,
  mealId: string,
  servingId: string,
  requester: Requester,
  now: Date,
  options: { walkIn?: boolean; byDefault?: boolean } = {},
): Promise<ReservationPlan | AlreadyHeld> {
  const [result] = await checkReservations(transaction, servingId, [{ mealId, requester, now, ...options }]);
  if (result instanceof Error) throw result;
  return result!;
}

/**
 * checkReservation for several members of one serving at once, in one round trip per kind
 * of read. Each member is checked in order against the places the earlier ones took: the
 * result for each is a plan, a place already held, or the ApiError that refuses it (an error
 * of anything else fails the whole transaction).
 */
async function checkReservations(
  transaction: Transaction,
  servingId: string,
  items: ReservationItem[],
): Promise<(ReservationPlan | AlreadyHeld | ApiError)[]> {
  // Read outside the transaction, holding no lock (ADR 0056): the serving, its free places and
  // each limited member's counted requests of the week. In the emulator a query in a
  // transaction locks the whole range it reads, so members counting their own requests would
  // hold back each other's new records.
  // Two round trips: the serving's places, the meals and each member's documents together;
  // then the closed day (it needs the serving's date), the reservations already held and the
  // quotas.
  const mealIds = [...new Set(items.map((item) => item.mealId))];
  const [{ serving, free }, [meals, holds, packs, locks, profiles, [hallSettings]]] = await Promise.all([
    readPlaces(servingId),
    readLists(
      transaction,
      mealIds.map((id) => typed.meals().doc(id)),
      items.map(({ requester }) => holdRef(servingId, requester.uid)),
      items.map(({ requester }) => typed.packages().doc(requester.profile.membership?.packageId || '-')),
      items.map(({ requester }) => quotaLockRef(requester.uid)),
      items.map(({ requester }) => typed.users().doc(requester.uid)),
      [hallSettingsRef()],
    ),
  ]);
  // A place for each member. They are not read here: a read holds a lock to the commit, and two
  // members who read the same place and then both write it would wait on each other. Each is
  // created instead, which fails the commit if another took it first (then all runs again).
  const candidates = pickPlaces(free, items.length);
  const mealOf = new Map(mealIds.map((id, index) => [id, meals[index]]));
  const stored = serving.data();
  // Without a capacity no place is claimed, so nothing would meet a capacity set since the
  // snapshot: its capacity record is read here, and holds it off until this commits (ADR 0062).
  if (stored && typeof stored.capacity !== 'number') {
    const capacity = (await transaction.get(capacityRef(servingId))).data()?.capacity;
    if (typeof capacity === 'number') throw new ReadOutsideChanged(`The capacity of servings/${servingId}`);
  }
  const date = stored?.date ?? '';
  const heldIdOf = holds.map((hold) => hold?.data()?.requestId);
  const heldIds = [...new Set(heldIdOf.filter((id): id is string => id !== undefined))];
  const quotaWeek = mondayOf(date || hostelDate(currentTime(), hostelTimeZone()));
  // A member whose home hall is not the serving's counts it against their month's switches (ADR 72).
  const hallId = stored ? hallIdOf(stored) : firstHallId;
  const month = date.slice(0, 7);
  const switching = profiles.map((profile) => {
    // The member's hall in the serving's month: a choice made for it counts from then (ADR 72).
    const stored = profile?.data();
    const home = stored ? homeHallIn(stored, month) : null;
    return home !== null && home !== hallId;
  });
  const switchUids = [...new Set(items.filter((_, index) => switching[index]).map(({ requester }) => requester.uid))];
  const [[[closed], heldRecords, switchLocks], counted, leaves] = await Promise.all([
    readLists(
      transaction,
      [closedDayRef(date || '-')],
      heldIds.map(requestRef),
      switchUids.map((uid) => hallSwitchRef(uid, month)),
    ),
    // Counted after the transaction read the member's quota lock, which it holds to its commit:
    // every request and cancellation of a limited member writes that lock (ADR 0014), so none
    // can come between the count and this reservation.
    Promise.all(items.map(({ requester }, index) => countedOutside(requester.uid, packs[index], quotaWeek))),
    // A member on approved leave that day is not served (ADR 74): read outside, as the quota is.
    Promise.all(items.map(({ requester }) => (date ? approvedLeaveOn(requester.uid, date) : undefined))),
  ]);
  const heldOf = new Map(heldRecords.map((record) => [record.id, record]));
  const switchesOf = new Map(switchLocks.map((lock, index) => [switchUids[index]!, lock.data()?.count ?? 0]));
  const switchesPerMonth = switchesPerMonthOf(hallSettings?.data());

  let claimed = 0;
  const placed = new Map<string, ReservationPlan>();
  return items.map((item, index) => {
    try {
      const meal = mealOf.get(item.mealId);
      if (!meal?.exists) throw notFound('Meal not found');
      if (!stored) throw notFound('Serving not found');
      if (stored.mealId !== item.mealId) throw badRequest('servingId: this serving is of another meal');
      if (closed?.exists) throw conflict(`The kitchen is closed on ${dayLabel(date)}`);
      const leave = leaves[index];
      if (leave) throw conflict(onLeaveMessage(leave));
      if (!item.walkIn && item.now.getTime() >= cutoffOf(serving).getTime()) {
        throw conflict(reservationsClosedMessage(serving));
      }
      const heldId = heldIdOf[index];
      const held = heldId ? heldOf.get(heldId)?.data() : undefined;
      const heldNow = held && held.status !== 'cancelled' ? heldId : placed.get(item.requester.uid)?.record.id;
      if (heldNow) {
        return { ok: false, message: `You already have a place at ${servingLabel(serving)}`, requestId: heldNow };
      }
      const hasCapacity = typeof stored.capacity === 'number' && !item.byDefault;
      if (hasCapacity && claimed >= candidates.length) {
        throw new ReservationRefused(409, servingFullMessage(slotOf(serving), dayLabel(date)), 'full');
      }
      const entitlements = item.byDefault
        ? entitlementsOf(packs[index])
        : checkCancelsAndQuota(packs[index], locks[index], counted[index], item.now);
      const hallSwitch = switching[index] ? nextSwitch(item.requester.uid, month, switchesOf, switchesPerMonth) : null;
      const place = hasCapacity ? candidates[claimed++]! : null;
      const plan: ReservationPlan = {
        ok: true,
        mealId: item.mealId,
        meal,
        serving,
        requester: item.requester,
        priority: entitlements.priorityServing,
        limited: entitlements.weeklyRequestLimit !== null && !item.byDefault,
        // A meal served by default is no request of the week: the quota does not count it.
        quotaWeek: item.byDefault ? '' : quotaWeek,
        byDefault: item.byDefault === true,
        now: item.now,
        record: typed.mealRequests().doc(),
        place,
        hallSwitch,
      };
      placed.set(item.requester.uid, plan);
      return plan;
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
  });
}
