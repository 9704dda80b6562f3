// "Reservations close in an hour" (docs/email.md): for a member who reserved that slot (the
// same meal slot on the same weekday) in at least two of the last four weeks and holds no
// reservation for it today. Opt-in (off by default). The schedule calls this every quarter
// hour; an email's key (the day and slot) makes each reminder one, however often it runs.
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { addDays, mealSlotLabels, type MealSlot } from '@hostelhub/contracts';
import { readAll, typed, type MealRequestDocument } from '../../lib/converters/index.js';
import { emails } from '../../lib/emails.js';
import { sendMail } from '../../lib/mail.js';
import { mailRecipientsOf } from '../../lib/mail-recipients.js';
import { hallIdOf, hallNamesIfSeveral } from '../../lib/halls.js';
import { closedDayRef, cutoffOf, servingOf, servingsClosingBetween, type ServingSnapshot } from '../../lib/servings.js';
import { currentTime } from '../../lib/clock.js';

/** How long before the cutoff the reminder goes. */
export const cutoffReminderLeadMs = 60 * 60_000;
/** Weeks looked back for a habit, and how many of them make one. */
const habitWeeks = 4;
const habitMinimum = 2;

const requestsOfSlotOn = (dates: string[], slot: MealSlot) =>
  typed.mealRequests().where('servingSlot', '==', slot).where('servingDate', 'in', dates);

/** The members holding a reservation (pending or served) per date among `docs`. */
const holders = (docs: QueryDocumentSnapshot<MealRequestDocument>[]) =>
  docs
    .map((doc) => doc.data())
    .filter((request) => request.status !== 'cancelled')
    .map((request) => [String(request.servingDate), request.userUid] as const);

/**
 * Sends the reminders of the servings whose reservations close within the hour after `now`.
 * Answers how many emails were written.
 */
export async function sendCutoffReminders(now: Date = currentTime()): Promise<number> {
  const closing = await servingsClosingBetween(now, new Date(now.getTime() + cutoffReminderLeadMs)).get();
  // One reminder per day and slot, whatever the number of meals served in it.
  const groups = new Map<string, ServingSnapshot[]>();
  for (const serving of closing.docs) {
    const { date, slot } = serving.data();
    const key = `${date}|${slot}`;
    groups.set(key, [...(groups.get(key) ?? []), serving]);
  }
  let written = 0;
  for (const servings of groups.values()) {
    const { date, slot } = servingOf(servings[0]!);
    if ((await closedDayRef(date).get()).exists) continue;
    const open = servings.filter((serving) => {
      const { capacity, reserved } = servingOf(serving);
      return typeof capacity !== 'number' || (reserved ?? 0) < capacity;
    });
    if (open.length === 0) continue;
    const pastDates = Array.from({ length: habitWeeks }, (_, week) => addDays(date, -7 * (week + 1)));
    const [past, today] = await Promise.all([
      requestsOfSlotOn(pastDates, slot).get(),
      requestsOfSlotOn([date], slot).get(),
    ]);
    const weeksByMember = new Map<string, Set<string>>();
    for (const [day, uid] of holders(past.docs)) weeksByMember.set(uid, (weeksByMember.get(uid) ?? new Set()).add(day));
    const reservedToday = new Set(holders(today.docs).map(([, uid]) => uid));
    const habitual = [...weeksByMember]
      .filter(([uid, weeks]) => weeks.size >= habitMinimum && !reservedToday.has(uid))
      .map(([uid]) => uid);
    if (habitual.length === 0) continue;
    const [meals, hallNames] = await Promise.all([
      readAll(open.map((serving) => typed.meals().doc(servingOf(serving).mealId))),
      hallNamesIfSeveral(),
    ]);
    // Each meal with its hall where the hostel has several (ADR 72).
    const titles = meals.flatMap((meal, index) => {
      if (!meal.exists) return [];
      const hall = hallNames.get(hallIdOf(servingOf(open[index]!)));
      return [`${meal.data()?.title ?? ''}${hall ? ` (${hall})` : ''}`];
    });
    const cutoffAt = new Date(Math.min(...open.map((serving) => cutoffOf(serving).getTime())));
    const profiles = await readAll(habitual.map((uid) => typed.users().doc(uid)));
    for (const recipient of await mailRecipientsOf(profiles)) {
      // Only a member can reserve: a lapsed membership gets no reminder.
      if (!recipient.member) continue;
      if (await sendMail(recipient, emails.cutoffReminder(date, mealSlotLabels[slot], cutoffAt, titles), now))
        written++;
    }
  }
  return written;
}
