// The words of every email, in one place (as lib/notifications.ts has the bell's). Times are
// on the hostel's clock (HOSTEL_TIME_ZONE), daylight saving included, and say so.
import {
  mealSlotLabels,
  membershipGraceDays,
  portionsToPrepare,
  publicPages,
  type KitchenServing,
} from '@hostelhub/contracts';
import { hostelName, hostelTimeZone } from '../config.js';
import { calendarFile } from './ics.js';
import type { Email } from './mail.js';
import { cutoffLabel, dayLabel, hostelWallClock, servingLabel, servingOf, type ServingSnapshot } from './servings.js';
import { isoTime } from './timestamps.js';

const wallTime = (instant: Date) => hostelWallClock(instant).time;
const zoneNote = () => `Times are ${hostelName()}'s local time (${hostelTimeZone()}).`;

/** "Tue 26 Nov 2026" on the hostel's calendar. */
const hostelDayOf = (instant: Date) => {
  const { date } = hostelWallClock(instant);
  return `${dayLabel(date)} ${date.slice(0, 4)}`;
};

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

const reservationsPath = '/dashboard/requested-meal';
const profilePath = '/dashboard/my-profile';
const leavePath = '/dashboard/my-leave';

/** A leave as its decision's email tells it. */
export type DecidedLeave = {
  id: string;
  from: string;
  to: string;
  days: number;
  status: 'approved' | 'declined';
  decisionReason: string | null;
  creditCents: number;
  currency: string;
  /** Reservations of its days cancelled by the approval. */
  cancelled: number;
};

/**
 * A reservation's serving as its emails describe it; `hallName` where the hostel has several
 * halls (lib/halls.ts hallNamesIfSeveral).
 */
export type ReservedServing = {
  serving: ServingSnapshot;
  mealTitle: string;
  requestId: string;
  hallName?: string | undefined;
};

/**
 * One serving a member's standing reservations handled (ADR 74), as the week's summary lists
 * it: `refusal` null when it is reserved for them, else why not.
 */
export type StandingLine = {
  serving: ServingSnapshot;
  mealTitle: string;
  hallName?: string | undefined;
  refusal: string | null;
};

/** " at North hall", where the hostel has several halls; nothing with one. */
const atHall = (hallName: string | undefined) => (hallName ? ` at ${hallName}` : '');

function reservationFacts({ serving, mealTitle, hallName }: ReservedServing) {
  const stored = servingOf(serving);
  const slot = mealSlotLabels[stored.slot];
  const date = stored.date;
  const startsAt = new Date(isoTime(stored.startsAt) ?? 0);
  const endsAt = new Date(isoTime(stored.endsAt) ?? 0);
  return {
    slot,
    date,
    day: dayLabel(date),
    startsAt,
    endsAt,
    window: `${wallTime(startsAt)}–${wallTime(endsAt)}`,
    mealTitle,
    at: atHall(hallName),
    hallName,
  };
}

function reservationCalendar(reserved: ReservedServing, now: Date, cancelled: boolean) {
  const facts = reservationFacts(reserved);
  return {
    filename: cancelled ? 'reservation-cancelled.ics' : 'reservation.ics',
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    content: calendarFile({
      uid: `reservation-${reserved.requestId}@hostelhub`,
      summary: `${facts.slot}: ${facts.mealTitle || 'your meal'}`,
      description: `Your reservation at ${hostelName()}. ${zoneNote()}`,
      location: facts.hallName ? `${facts.hallName}, ${hostelName()}` : hostelName(),
      startsAt: facts.startsAt,
      endsAt: facts.endsAt,
      stampedAt: now,
      cancelled,
    }),
  };
}

export const emails = {
  reservationConfirmed: (reserved: ReservedServing, now: Date): Email => {
    const facts = reservationFacts(reserved);
    return {
      kind: 'reservation',
      key: `reservation-confirmed-${reserved.requestId}`,
      subject: `Reservation confirmed: ${facts.slot}, ${facts.day}${facts.at}`,
      paragraphs: [
        `Your place is reserved: ${facts.mealTitle || 'your meal'}, ${facts.slot} on ${facts.day}${facts.at}, served ${facts.window}.`,
        `You can cancel until ${cutoffLabel(reserved.serving)}, when the kitchen starts cooking. ${zoneNote()}`,
        'The calendar entry is attached.',
      ],
      action: { label: 'See your reservations', path: reservationsPath },
      attachments: [reservationCalendar(reserved, now, false)],
      notice: {
        kind: 'reservation-confirmed',
        title: 'Reservation confirmed',
        body: `${facts.slot} on ${facts.day}${facts.at}, served ${facts.window}: ${facts.mealTitle || 'your meal'}.`,
        link: reservationsPath,
      },
    };
  },
  reservationCancelled: (reserved: ReservedServing, now: Date): Email => {
    const facts = reservationFacts(reserved);
    return {
      kind: 'reservation',
      key: `reservation-cancelled-${reserved.requestId}`,
      subject: `Reservation cancelled: ${facts.slot}, ${facts.day}${facts.at}`,
      paragraphs: [
        `Your reservation for ${facts.mealTitle || 'your meal'}, ${facts.slot} on ${facts.day}${facts.at} (${facts.window}), is cancelled and your place is given back.`,
        `You can reserve again until ${cutoffLabel(reserved.serving)}, while places are left. ${zoneNote()}`,
      ],
      action: { label: 'See the menu', path: publicPages.menu.path },
      attachments: [reservationCalendar(reserved, now, true)],
      notice: {
        kind: 'reservation-cancelled',
        title: 'Reservation cancelled',
        body: `${facts.slot} on ${facts.day}${facts.at}: ${facts.mealTitle || 'your meal'}.`,
        link: publicPages.menu.path,
      },
    };
  },
  /** Reservations for `slot` on `date` close at `cutoffAt`; `meals` are what is served. */
  cutoffReminder: (date: string, slot: string, cutoffAt: Date, meals: string[]): Email => ({
    kind: 'cutoff-reminder',
    key: `cutoff-reminder-${date}-${slot}`,
    subject: `Reservations close at ${wallTime(cutoffAt)}: ${slot}, ${dayLabel(date)}`,
    paragraphs: [
      `You usually have ${slot.toLowerCase()} on ${dayLabel(date).slice(0, 3)}s and have not reserved today: reservations close at ${wallTime(cutoffAt)}.`,
      `On the menu: ${meals.join('; ') || 'see the menu'}. ${zoneNote()}`,
    ],
    action: { label: 'Reserve a place', path: `${publicPages.menu.path}?from=${date}` },
    notice: {
      kind: 'cutoff-reminder',
      title: `Reservations close at ${wallTime(cutoffAt)}`,
      body: `${slot} on ${dayLabel(date)}: you have not reserved yet.`,
      link: `${publicPages.menu.path}?from=${date}`,
    },
  }),
  /** Next week's menu: `days` one line each ("Mon 1 Dec: Lunch: Pasta; Dinner: Soup"). */
  weeklyMenu: (week: string, days: string[]): Email => ({
    kind: 'weekly-menu',
    key: `weekly-menu-${week}`,
    subject: `Next week's menu: from ${dayLabel(week)}`,
    paragraphs: [`The menu for the week of ${dayLabel(week)} is out.`, ...days, zoneNote()],
    action: { label: 'Reserve your meals', path: `${publicPages.menu.path}?from=${week}` },
    notice: {
      kind: 'weekly-menu',
      title: "Next week's menu is out",
      body: `The week of ${dayLabel(week)}: ${days.length} day${days.length === 1 ? '' : 's'} with meals.`,
      link: `${publicPages.menu.path}?from=${week}`,
    },
  }),
  /** An admin approved or declined a leave; `cancelled` reservations of its days were given back. */
  leaveDecided: (leave: DecidedLeave): Email => {
    const days = `${dayLabel(leave.from)} to ${dayLabel(leave.to)}`;
    const approved = leave.status === 'approved';
    const paragraphs = approved
      ? [
          `Your leave from ${days} (${leave.days} day${leave.days === 1 ? '' : 's'}) is approved: you are not counted for any meal in those days.`,
          ...(leave.cancelled > 0
            ? [
                `Your ${leave.cancelled} reservation${leave.cancelled === 1 ? '' : 's'} in those days ${leave.cancelled === 1 ? 'is' : 'are'} cancelled and the places given back.`,
              ]
            : []),
          ...(leave.creditCents > 0
            ? [`It earns ${money(leave.creditCents, leave.currency)}, taken off your next invoice.`]
            : []),
        ]
      : [`Your leave from ${days} is declined.`];
    if (leave.decisionReason) paragraphs.push(`The reason given: ${leave.decisionReason}`);
    const title = approved ? 'Leave approved' : 'Leave declined';
    return {
      kind: 'leave',
      key: `leave-${leave.status}-${leave.id}`,
      subject: `${title}: ${days}`,
      paragraphs,
      action: { label: 'See your leave', path: leavePath },
      notice: { kind: 'leave-decided', title, body: `${days}.`, link: leavePath },
    };
  },
  /**
   * What a member's standing reservations did in the week of `week` (its Monday): one email per
   * member and week (the job marks the week), listing what was reserved and what was not, and why.
   */
  standingSummary: (week: string, lines: StandingLine[]): Email => {
    const reserved = lines.filter((line) => line.refusal === null);
    const refused = lines.filter((line) => line.refusal !== null);
    const described = (line: StandingLine) =>
      `${servingLabel(line.serving)}${atHall(line.hallName)}: ${line.mealTitle || 'your meal'}`;
    const counts = `${reserved.length} reserved${refused.length > 0 ? `, ${refused.length} not` : ''}`;
    return {
      kind: 'standing-summary',
      key: `standing-summary-${week}`,
      subject: `Standing reservations, week of ${dayLabel(week)}: ${counts}`,
      paragraphs: [
        `Your standing reservations for the week of ${dayLabel(week)}:`,
        ...reserved.map((line) => `Reserved: ${described(line)}.`),
        ...refused.map((line) => `Not reserved: ${described(line)}. ${line.refusal?.replace(/\.$/, '')}.`),
        'You can cancel any of them before its cutoff: your pattern stays, and a serving you cancel is not reserved again. Change the pattern on My Profile.',
      ],
      action: { label: 'See your reservations', path: reservationsPath },
      notice: {
        kind: 'standing-summary',
        title: 'Your standing reservations',
        body: `The week of ${dayLabel(week)}: ${counts}.`,
        link: reservationsPath,
      },
    };
  },
  membershipRenewsSoon: (uid: string, packageName: string, renewsAt: Date): Email => ({
    kind: 'membership',
    key: `membership-renews-${uid}-${renewsAt.getTime()}`,
    subject: `Your ${packageName} membership renews on ${hostelDayOf(renewsAt)}`,
    paragraphs: [
      `Your ${packageName} membership renews in 3 days, on ${hostelDayOf(renewsAt)}, with the card you pay with.`,
      'To change plan or stop the renewal, open My Profile before then.',
    ],
    action: { label: 'Manage your membership', path: profilePath },
    notice: {
      kind: 'membership-renews-soon',
      title: 'Your membership renews in 3 days',
      body: `Your ${packageName} membership renews on ${hostelDayOf(renewsAt)}.`,
      link: profilePath,
    },
  }),
  membershipPaymentFailed: (invoiceId: string, packageName: string, noticeId: string): Email => ({
    kind: 'membership',
    key: `membership-payment-failed-${invoiceId}`,
    subject: `Your ${packageName} membership payment did not go through`,
    paragraphs: [
      `The renewal payment for your ${packageName} membership was declined.`,
      `Your membership's benefits stay for ${membershipGraceDays} days while the payment is tried again. To fix it now, update your card on My Profile.`,
    ],
    action: { label: 'Update your card', path: profilePath },
    noticeId,
  }),
  membershipEnds: (key: string, packageName: string, endsAt: Date, noticeId: string): Email => ({
    kind: 'membership',
    key,
    subject: `Your ${packageName} membership ends on ${hostelDayOf(endsAt)}`,
    paragraphs: [
      `Your ${packageName} membership will not renew: its benefits end on ${hostelDayOf(endsAt)} at ${wallTime(endsAt)}. ${zoneNote()}`,
      'Changed your mind? Resume it on My Profile before then.',
    ],
    action: { label: 'Resume your membership', path: profilePath },
    noticeId,
  }),
  membershipRefunded: (chargeId: string, packageName: string, cents: number, currency: string): Email => ({
    kind: 'membership',
    key: `membership-refunded-${chargeId}`,
    subject: `Refund made: ${money(cents, currency)} for your ${packageName} membership`,
    paragraphs: [
      `${money(cents, currency)} for your ${packageName} membership has been refunded to the card it was paid with; it shows there within a few days.`,
      'The period it paid for has ended, and the membership will not renew.',
    ],
    action: { label: 'See your payments', path: '/dashboard/payment-history' },
    notice: {
      kind: 'membership-refunded',
      title: 'Refund made',
      body: `${money(cents, currency)} for your ${packageName} membership.`,
      link: '/dashboard/payment-history',
    },
  }),
  /** The production sheet of one serving, with the kitchen view's numbers and its CSV. */
  /** `hallName` where the hostel has several halls. */
  productionSheet: (
    date: string,
    serving: KitchenServing,
    marginPercent: number,
    csv: string,
    hallName?: string,
  ): Email => {
    const slot = mealSlotLabels[serving.slot];
    const portions = portionsToPrepare(serving.counted, marginPercent);
    // Booked by default (ADR 74): every member of the hall, less leave and skips, is counted.
    const count =
      serving.members === null
        ? `${serving.reserved} reserved${serving.capacity === null ? '' : ` of ${serving.capacity}`}`
        : `${serving.counted} counted (${serving.members} members, ${serving.onLeave} on leave, ${serving.skipped} skipped, ${serving.reserved} from other halls)`;
    return {
      kind: 'production-sheet',
      key: `production-sheet-${serving._id}`,
      subject: `Production sheet: ${hallName ? `${hallName}, ` : ''}${slot}, ${dayLabel(date)}: ${portions} portions`,
      paragraphs: [
        `Reservations for ${slot} on ${dayLabel(date)}${atHall(hallName)} closed at ${wallTime(new Date(serving.cutoffAt))}.`,
        `${serving.meal.title}: ${count}; with a ${marginPercent}% margin, prepare ${portions} portions. Served ${wallTime(new Date(serving.startsAt))}–${wallTime(new Date(serving.endsAt))}.`,
        `The production sheet is attached as CSV. ${zoneNote()}`,
      ],
      action: {
        label: 'Open the kitchen view',
        path: `/dashboard/kitchen?date=${date}${hallName ? `&hall=${encodeURIComponent(serving.hallId)}` : ''}`,
      },
      attachments: [
        {
          filename: `production-sheet-${date}-${serving.slot}.csv`,
          content: csv,
          contentType: 'text/csv; charset=utf-8',
        },
      ],
    };
  },
  /**
   * A complaint or a flagged review that needs an admin (`id` names it, so it is told once).
   * `summary` is the member's text: shown as text, never markup.
   */
  complaint: (id: string, title: string, summary: string, path: string): Email => ({
    kind: 'complaints',
    key: `complaint-${id}`,
    subject: `Needs an admin: ${title}`,
    paragraphs: [title, summary],
    action: { label: 'Open it', path },
  }),
  /**
   * The complaints of one digest window (ADR 68), `window` its start: the first ones listed
   * in the order raised, `total` counted. One email per admin per window, however many there were.
   */
  complaintDigest: (
    window: string,
    span: { from: Date; to: Date },
    listed: { label: string; urgent: boolean; text: string }[],
    total: number,
  ): Email => {
    const day = hostelDayOf(span.from);
    const more = total - listed.length;
    return {
      kind: 'complaints',
      key: `complaint-digest-${window}`,
      subject: `${total} new complaint${total === 1 ? '' : 's'}, ${day} ${wallTime(span.from)}–${wallTime(span.to)}`,
      paragraphs: [
        `Raised on ${day} between ${wallTime(span.from)} and ${wallTime(span.to)}. ${zoneNote()}`,
        // The member's words, cut short: the complaints page has them whole.
        ...listed.map(
          (line) =>
            `${line.urgent ? 'Urgent: ' : ''}${line.label}: ${line.text.length > 300 ? `${line.text.slice(0, 300)}…` : line.text}`,
        ),
        ...(more > 0 ? [`And ${more} more on the complaints page.`] : []),
      ],
      action: { label: 'Open the complaints', path: '/dashboard/complaints' },
    };
  },
};
