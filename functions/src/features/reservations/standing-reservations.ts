// Standing reservations (issue 53, ADR 74): once a day, early on the hostel's clock, each
// member's weekly pattern (features/standing) is reserved in the weeks that are open: this week
// from today and the next, so a week opens on the Monday before it, and a serving planned later
// is reserved by the next run. Each goes through reserveServing, as POST
// /servings/{id}/reservation does, so capacity, quota, cutoff, closed days and leave all apply.
// `standingRuns/{uid}_{servingId}` marks a serving handled for a member, reserved or refused:
// a second run, or a serving the member cancelled, is never reserved again. The first run that
// handles any of a member's servings of a week writes one summary email of that week.
import { FieldPath, Timestamp, type DocumentSnapshot, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  addDays,
  daysBetween,
  hostelDate,
  mealSlots,
  mondayOf,
  type MealSlot,
  type StandingSlot,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { currentTime } from '../../lib/clock.js';
import { readAll, typed, type StandingReservationDocument, type UserDocument } from '../../lib/converters/index.js';
import { defaultHallIn } from '../../lib/default-booking.js';
import { emails, type StandingLine } from '../../lib/emails.js';
import { ApiError } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { hallIdOf, hallNamesIfSeveral } from '../../lib/halls.js';
import { prepareMail, writeMailIn } from '../../lib/mail.js';
import { mailRecipientsOf, type MailRecipient } from '../../lib/mail-recipients.js';
import { readMealSettings } from '../../lib/meal-settings.js';
import { ReservationRefused, type Requester } from '../../lib/requests/records.js';
import { memberRequester } from '../../lib/requests/requester.js';
import { cutoffOf, holdRef, servingOf, type ServingSnapshot } from '../../lib/servings.js';
import { isoTime } from '../../lib/timestamps.js';
import { reserveServing } from './reserve.js';

/** Patterns read at a time: each page's members are reserved before the next is read. */
export const standingPatternsPerPage = 100;
/** The most servings two weeks hold: every hall's menu, with room to spare. */
const maxServingsRead = 3_000;
/**
 * A run starts no page after this long, so it ends within its 540 s timeout; the next day's
 * run takes up the members left (nothing they had is lost: no marker was written for them).
 */
const runBudgetMs = 420_000;

/** What a run did with a member's serving: stored on its marker. */
export type StandingOutcome = 'reserved' | 'held' | 'full' | 'quota' | 'refused';
type Handled = { outcome: StandingOutcome; message: string | null };

export const standingRunRef = (uid: string, servingId: string) => typed.standingRuns().doc(`${uid}_${servingId}`);
const patternRef = (uid: string) => typed.standingReservations().doc(uid);

/** The servings of the open weeks, `from` today to `to` next week's Sunday (calendar dates). */
export const servingsOfOpenWeeks = (from: string, to: string) =>
  typed.servings().where('date', '>=', from).where('date', '<=', to).orderBy('date');

/** A page of the members' patterns, by uid. */
export const standingPatternsAfter = (uid: string | null) => {
  const page = typed.standingReservations().orderBy(FieldPath.documentId()).limit(standingPatternsPerPage);
  return uid === null ? page : page.startAfter(uid);
};

/** 1 (Monday) to 7 (Sunday) of a calendar date, as a pattern names it. */
const weekdayOf = (date: string) => daysBetween(mondayOf(date), date) + 1;

/** Day, slot, then start and meal title: the menu's order, so a slot's first meal is the menu's first. */
function byMenuOrder(a: OpenServing, b: OpenServing) {
  return (
    a.date.localeCompare(b.date) ||
    mealSlots.indexOf(a.slot) - mealSlots.indexOf(b.slot) ||
    (isoTime(a.data.startsAt) ?? '').localeCompare(isoTime(b.data.startsAt) ?? '') ||
    a.mealTitle.localeCompare(b.mealTitle) ||
    a.snapshot.id.localeCompare(b.snapshot.id)
  );
}

type OpenServing = {
  snapshot: ServingSnapshot;
  data: ReturnType<typeof servingOf>;
  date: string;
  slot: MealSlot;
  hallId: string;
  mealTitle: string;
};

/** What one run reads once for every member: the servings still open to reservation, and the halls' names. */
type RunContext = { now: Date; servings: OpenServing[]; hallNames: Map<string, string> };

export type StandingRunTotals = { members: number; reserved: number; refused: number; emails: number };

/**
 * Reserves every member's standing reservations in the open weeks as of `now`; nothing where
 * the hostel books by default. Answers what it did, for the log.
 */
export async function runStandingReservations(now: Date = currentTime()): Promise<StandingRunTotals> {
  const totals: StandingRunTotals = { members: 0, reserved: 0, refused: 0, emails: 0 };
  if ((await readMealSettings()).booking === 'default') return totals;
  const today = hostelDate(now, hostelTimeZone());
  const [planned, hallNames] = await Promise.all([
    servingsOfOpenWeeks(today, addDays(mondayOf(today), 13))
      .limit(maxServingsRead)
      .get(),
    hallNamesIfSeveral(),
  ]);
  // A serving whose cutoff has passed is no longer open: it is neither tried nor listed.
  const open = planned.docs.filter((serving) => cutoffOf(serving).getTime() > now.getTime());
  if (open.length === 0) return totals;
  const meals = await readAll(
    [...new Set(open.map((serving) => serving.data().mealId))].map((id) => typed.meals().doc(id)),
  );
  const titles = new Map(meals.map((meal) => [meal.id, meal.data()?.title ?? '']));
  const servings = open
    .map((snapshot) => {
      const data = snapshot.data();
      const { date, slot } = data;
      return { snapshot, data, date, slot, hallId: hallIdOf(data), mealTitle: titles.get(data.mealId) ?? '' };
    })
    .sort(byMenuOrder);
  const context: RunContext = { now, servings, hallNames };

  const started = performance.now();
  let after: string | null = null;
  for (;;) {
    const page = await standingPatternsAfter(after).get();
    const done = await reservePage(page.docs, context);
    totals.members += done.members;
    totals.reserved += done.reserved;
    totals.refused += done.refused;
    totals.emails += done.emails;
    if (page.size < standingPatternsPerPage) break;
    after = page.docs.at(-1)!.id;
    if (performance.now() - started > runBudgetMs) {
      logger.warn('Standing reservations: out of time, the members after this one wait for the next run', { after });
      break;
    }
  }
  return totals;
}

/** One member of a page: who reserves, and the servings of their pattern still to handle. */
type MemberWork = {
  requester: Requester;
  profile: DocumentSnapshot<UserDocument>;
  /** The servings of their pattern at their hall handled before this run, with what was done. */
  earlier: Map<OpenServing, Handled>;
  /** One serving per day and slot, to reserve now. */
  todo: OpenServing[];
  /** What this run did, by serving. */
  done: Map<OpenServing, Handled>;
};

async function reservePage(
  patterns: QueryDocumentSnapshot<StandingReservationDocument>[],
  context: RunContext,
): Promise<StandingRunTotals> {
  const totals: StandingRunTotals = { members: 0, reserved: 0, refused: 0, emails: 0 };
  const withPattern = patterns.filter((pattern) => pattern.data().pattern.length > 0);
  const profiles = await readAll(withPattern.map((pattern) => typed.users().doc(pattern.id)));
  const members = await Promise.all(
    withPattern.map((pattern, index) => memberWork(pattern.data().pattern, profiles[index]!, context)),
  );
  const working = members.filter((member): member is MemberWork => member !== null);
  totals.members = working.length;

  // Serving by serving in the menu's order: a member's reservations go one at a time, their
  // earliest first (the quota refuses the latest), and the members of one serving together,
  // committed in one transaction (reserveServing groups them, ADR 0047).
  const bookings = new Map<OpenServing, MemberWork[]>();
  for (const member of working)
    for (const serving of member.todo) bookings.set(serving, [...(bookings.get(serving) ?? []), member]);
  for (const serving of context.servings) {
    const who = bookings.get(serving);
    if (!who) continue;
    const results = await Promise.all(who.map((member) => reserveFor(member.requester, serving, context.now)));
    results.forEach((result, index) => {
      if (result) who[index]!.done.set(serving, result);
    });
  }

  // The markers, in batches (a batch takes 500 writes).
  const markers = working.flatMap((member) =>
    [...member.done].map(([serving, handled]) => ({ uid: member.requester.uid, serving, handled })),
  );
  for (let start = 0; start < markers.length; start += 400) {
    const batch = db.batch();
    for (const { uid, serving, handled } of markers.slice(start, start + 400)) {
      batch.set(standingRunRef(uid, serving.snapshot.id), {
        uid,
        servingId: serving.snapshot.id,
        week: mondayOf(serving.date),
        outcome: handled.outcome,
        message: handled.message,
        createdAt: Timestamp.fromDate(context.now),
      });
      if (isReserved(handled)) totals.reserved++;
      else totals.refused++;
    }
    await batch.commit();
  }

  const told = working.filter((member) => member.done.size > 0);
  const recipients = new Map(
    (await mailRecipientsOf(told.map((member) => member.profile))).map((recipient) => [recipient.uid, recipient]),
  );
  for (const member of told) {
    const weeks = new Set([...member.done.keys()].map((serving) => mondayOf(serving.date)));
    for (const week of weeks) {
      try {
        if (await summarizeWeek(member, week, recipients.get(member.requester.uid) ?? null, context)) totals.emails++;
      } catch (error) {
        logger.error('Standing reservations: a week summary failed', { uid: member.requester.uid, week, error });
      }
    }
  }
  return totals;
}

const isReserved = (handled: Handled) => handled.outcome === 'reserved' || handled.outcome === 'held';

/**
 * What is left to reserve for one member: null when they are no member now (a lapsed
 * membership is skipped and nothing is marked, so a renewal before the cutoffs still reserves).
 * Their servings are those of their pattern at the hall they eat at in the serving's month
 * (their home hall, else the first: as under default booking, so none is a hall switch), one per
 * day and slot: the menu's first meal of it, unless one of the slot's meals was handled or is
 * held already.
 */
async function memberWork(
  pattern: StandingSlot[],
  profile: DocumentSnapshot<UserDocument>,
  context: RunContext,
): Promise<MemberWork | null> {
  const stored = profile.data();
  if (!stored) return null;
  let requester: Requester;
  try {
    requester = await memberRequester({ uid: profile.id, email: stored.email ?? '' }, context.now);
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) return null;
    throw error;
  }
  const wanted = new Set(pattern.map(({ weekday, slot }) => `${weekday} ${slot}`));
  const mine = context.servings.filter(
    (serving) =>
      wanted.has(`${weekdayOf(serving.date)} ${serving.slot}`) &&
      serving.hallId === defaultHallIn(stored, serving.date.slice(0, 7)),
  );
  const bySlot = new Map<string, OpenServing[]>();
  for (const serving of mine) {
    const key = `${serving.date} ${serving.slot}`;
    bySlot.set(key, [...(bySlot.get(key) ?? []), serving]);
  }
  // A slot with several meals: the member's holds tell whether they took one of them by hand.
  const several = [...bySlot.values()].filter((slot) => slot.length > 1).flat();
  const [markers, holds] = await Promise.all([
    readAll(mine.map((serving) => standingRunRef(profile.id, serving.snapshot.id))),
    readAll(several.map((serving) => holdRef(serving.snapshot.id, profile.id))),
  ]);
  const earlier = new Map<OpenServing, Handled>();
  markers.forEach((marker, index) => {
    const data = marker.data();
    if (data) earlier.set(mine[index]!, { outcome: data.outcome as StandingOutcome, message: data.message ?? null });
  });
  const held = new Set(several.filter((_, index) => holds[index]!.exists));
  const work: MemberWork = { requester, profile, earlier, todo: [], done: new Map() };
  for (const slot of bySlot.values()) {
    if (slot.some((serving) => earlier.has(serving))) continue;
    const taken = slot.find((serving) => held.has(serving));
    if (taken) work.done.set(taken, { outcome: 'held', message: null });
    else work.todo.push(slot[0]!);
  }
  return work;
}

/**
 * One reservation through the API's path. A refusal (4xx) is an outcome to mark; anything else
 * (contention past its retries, an outage) is logged and left unmarked for the next run.
 */
async function reserveFor(requester: Requester, serving: OpenServing, now: Date): Promise<Handled | null> {
  try {
    // No recipient: the week's summary tells of it, not one confirmation per serving.
    const outcome = await reserveServing(serving.snapshot.id, { mealId: serving.data.mealId, requester, now });
    return outcome.created
      ? { outcome: 'reserved', message: null }
      : { outcome: 'held', message: outcome.message ?? null };
  } catch (error) {
    if (error instanceof ReservationRefused) return { outcome: error.reason, message: error.message };
    if (error instanceof ApiError && error.status < 500) return { outcome: 'refused', message: error.message };
    logger.error('Standing reservations: a reservation failed, to try again on the next run', {
      uid: requester.uid,
      servingId: serving.snapshot.id,
      error,
    });
    return null;
  }
}

/**
 * The week's one summary: what was handled of it, this run and before, in the menu's order.
 * The week is marked on the member's pattern in the transaction that writes the email, so a
 * second run writes none; a member who gets no such email (turned off, address not verified)
 * has the week marked all the same, and no later run tells of it.
 */
async function summarizeWeek(
  member: MemberWork,
  week: string,
  recipient: MailRecipient | null,
  context: RunContext,
): Promise<boolean> {
  const handled = new Map([...member.earlier, ...member.done]);
  const lines: StandingLine[] = context.servings
    .filter((serving) => handled.has(serving) && mondayOf(serving.date) === week)
    .map((serving) => {
      const outcome = handled.get(serving)!;
      return {
        serving: serving.snapshot,
        mealTitle: serving.mealTitle,
        hallName: context.hallNames.get(serving.hallId),
        refusal: isReserved(outcome) ? null : (outcome.message ?? 'Not reserved'),
      };
    });
  const prepared = prepareMail(recipient, emails.standingSummary(week, lines), context.now);
  return db.runTransaction(async (transaction) => {
    const ref = patternRef(member.requester.uid);
    const summarized = (await transaction.get(ref)).data()?.summarizedWeeks ?? [];
    if (summarized.includes(week)) return false;
    // The weeks before last never open again: only the recent ones are kept.
    const kept = summarized.filter((each) => each >= addDays(week, -14));
    transaction.set(ref, { summarizedWeeks: [...kept, week].sort() }, { merge: true });
    writeMailIn(transaction, prepared);
    return prepared !== null;
  });
}
