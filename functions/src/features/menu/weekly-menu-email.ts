// Next week's menu by email (docs/email.md): opt-in, on the weekday and hour an admin sets
// (settings/email, hostel time). The schedule calls this at the start of every hour; only the
// chosen hour sends, and the key (the week) makes it one email per member per week.
import { FieldPath } from 'firebase-admin/firestore';
import {
  addDays,
  emailSettingsOf,
  hostelDate,
  mealSlotLabels,
  mealSlots,
  mondayOf,
  type EmailSettings,
} from '@hostelhub/contracts';
import type { AdminActor } from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { emails } from '../../lib/emails.js';
import { readAll, typed } from '../../lib/converters/index.js';
import { sendMail } from '../../lib/mail.js';
import { mailRecipientsOf } from '../../lib/mail-recipients.js';
import { closedDayRef, dayLabel, hostelWallClock, servingsBetween } from '../../lib/servings.js';
import { currentTime } from '../../lib/clock.js';
import { recordAction } from '../../lib/admin-actions.js';
import { db } from '../../lib/firestore.js';

const settingsRef = () => typed.settings().doc('email');

export async function readEmailSettings(): Promise<EmailSettings> {
  return emailSettingsOf((await settingsRef().get()).data());
}

export async function writeEmailSettings(settings: EmailSettings, actor: AdminActor): Promise<EmailSettings> {
  await db.runTransaction(async (transaction) => {
    const before = emailSettingsOf((await transaction.get(settingsRef())).data());
    transaction.set(settingsRef(), settings);
    recordAction(transaction, actor, {
      kind: 'settings.changed',
      target: { type: 'settings', id: 'email', label: 'Email settings' },
      before: { weeklyMenu: JSON.stringify(before.weeklyMenu) },
      after: { weeklyMenu: JSON.stringify(settings.weeklyMenu) },
    });
  });
  return settings;
}

/** 1 Monday ... 7 Sunday, of a calendar date. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The Monday of next week when `now` is in the hour the hostel chose to announce it, else null. */
export function weekToAnnounce(now: Date, weeklyMenu: EmailSettings['weeklyMenu']): string | null {
  const today = hostelDate(now, hostelTimeZone());
  const hour = Number(hostelWallClock(now).time.slice(0, 2));
  if (weekdayOf(today) !== weeklyMenu.weekday || hour !== weeklyMenu.hour) return null;
  return addDays(mondayOf(today), 7);
}

/** Sends next week's menu if `now` is in the chosen hour; answers how many emails were written. */
export async function sendWeeklyMenu(now: Date = currentTime()): Promise<number> {
  const { weeklyMenu } = await readEmailSettings();
  const week = weekToAnnounce(now, weeklyMenu);
  if (week === null) return 0;
  const weekDays = Array.from({ length: 7 }, (_, offset) => addDays(week, offset));
  const [servings, closed] = await Promise.all([
    servingsBetween(week, addDays(week, 6)).get(),
    readAll(weekDays.map(closedDayRef)),
  ]);
  const closedDays = new Set(closed.filter((doc) => doc.exists).map((doc) => doc.id));
  const open = servings.docs.map((serving) => serving.data()).filter((serving) => !closedDays.has(serving.date));
  // No menu planned yet: nothing to announce.
  if (open.length === 0) return 0;
  const mealIds = [...new Set(open.map((serving) => serving.mealId))];
  const meals = await readAll(mealIds.map((id) => typed.meals().doc(id)));
  const titles = new Map(meals.map((meal) => [meal.id, meal.data()?.title ?? '']));
  const days: string[] = [];
  for (const date of weekDays) {
    const ofDay = open.filter((serving) => serving.date === date);
    if (ofDay.length === 0) continue;
    const slots = mealSlots
      .map((slot) => {
        const served = ofDay.filter((serving) => serving.slot === slot).map((serving) => titles.get(serving.mealId));
        return served.length ? `${mealSlotLabels[slot]}: ${served.join(', ')}` : null;
      })
      .filter((line): line is string => line !== null);
    days.push(`${dayLabel(date)}: ${slots.join('; ')}`);
  }
  // Stored only once chosen (the default is off), so this reads just the members who asked.
  const subscribers = await typed
    .users()
    .where(new FieldPath('emailPreferences', 'weekly-menu'), '==', true)
    .limit(5000)
    .get();
  let written = 0;
  for (const recipient of await mailRecipientsOf(subscribers.docs)) {
    if (await sendMail(recipient, emails.weeklyMenu(week, days), now)) written++;
  }
  return written;
}
