// Default booking's headcount (ADR 74): where the hostel books every member by default, a
// serving counts each member whose hall it is, less those on leave that day and those who
// skipped it, plus the reservations made there (members of other halls). Nothing is written
// per member per serving: a member's days away are written once with their leave
// (`leaveDays`), and a skip once when they choose it.
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { firstHallId, homeHallIn, isMember, membershipGraceDays } from '@hostelhub/contracts';
import { readAll, typed } from './converters/index.js';
import { toUserAccount } from './profiles.js';
import { hallIdOf } from './halls.js';
import type { ServingSnapshot } from './servings.js';
import type { ServingDocument } from './converters/index.js';

/** The most members one headcount reads: a hostel's residents, with room to spare. */
export const maxCountedMembers = 5_000;

export const skipRef = (servingId: string, uid: string) => typed.skips().doc(`${servingId}_${uid}`);
const leaveDayRef = (hallId: string, date: string) => typed.leaveDays().doc(`${hallId}_${date}`);

/** The hall a member eats at in `month` under default booking: their home hall, else the first. */
export const defaultHallIn = (profile: Parameters<typeof homeHallIn>[0], month: string) =>
  homeHallIn(profile, month) ?? firstHallId;

/** A serving's count under default booking, and what it is made of. */
export type DefaultCount = { members: number; onLeave: number; skipped: number; counted: number };

/**
 * The counts of one day's servings under default booking. One query reads the members whose
 * membership may still hold that day (a hostel's residents, once per call, not per serving),
 * and one read per hall gets its members on leave.
 */
export async function defaultCounts(
  date: string,
  servings: { id: string; data: ServingDocument }[],
): Promise<Map<string, DefaultCount>> {
  if (servings.length === 0) return new Map();
  const startOf = (data: ServingDocument) => data.startsAt?.toMillis() ?? Date.parse(`${date}T00:00:00Z`);
  const earliestStart = Math.min(...servings.map(({ data }) => startOf(data)));
  const since = Timestamp.fromMillis(earliestStart - membershipGraceDays * 86_400_000);
  const month = date.slice(0, 7);
  const halls = [...new Set(servings.map(({ data }) => hallIdOf(data)))];
  const [members, leaveDays] = await Promise.all([
    typed.users().where('membership.currentPeriodEnd', '>=', since).limit(maxCountedMembers).get(),
    readAll(halls.map((hallId) => leaveDayRef(hallId, date))),
  ]);
  const onLeave = new Map(leaveDays.map((doc, index) => [halls[index]!, Math.max(0, doc.data()?.count ?? 0)]));
  const profiles = members.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
  return new Map(
    servings.map(({ id, data }) => {
      const hallId = hallIdOf(data);
      const startsAt = startOf(data);
      const atHall = profiles.filter(
        (profile) =>
          isMember(toUserAccount(profile.id, profile.data), startsAt) && defaultHallIn(profile.data, month) === hallId,
      ).length;
      const leave = Math.min(onLeave.get(hallId) ?? 0, atHall);
      const skipped = Math.max(0, data.skipped ?? 0);
      const counted = Math.max(0, atHall - leave - skipped) + (data.reserved ?? 0);
      return [id, { members: atHall, onLeave: leave, skipped, counted }];
    }),
  );
}

/**
 * A member skips a serving of their hall under default booking (before its cutoff), or takes
 * the skip back (`skip` false), in the caller's transaction: the skip's document and the
 * serving's count move together. Answers whether anything changed.
 */
export async function setSkip(transaction: Transaction, serving: ServingSnapshot, uid: string, skip: boolean) {
  const existing = await transaction.get(skipRef(serving.id, uid));
  if (existing.exists === skip) return false;
  if (skip) {
    const date = serving.data()?.date ?? '';
    transaction.create(skipRef(serving.id, uid), { servingId: serving.id, uid, date, createdAt: Timestamp.now() });
  } else transaction.delete(existing.ref);
  transaction.update(serving.ref, { skipped: FieldValue.increment(skip ? 1 : -1) });
  return true;
}

/** A member's skips of servings from `fromDate` on (GET /my-skips): a few a week at most. */
export const skipsOfMemberFrom = (uid: string, fromDate: string) =>
  typed.skips().where('uid', '==', uid).where('date', '>=', fromDate).orderBy('date');
