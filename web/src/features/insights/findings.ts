// Each chart's heading states what its numbers say, in words computed from them, so the
// finding is read first (and by everyone: the picture is a help, not the only carrier).
import {
  mealSlotLabels,
  type BusySlot,
  type HallMeals,
  type MealStanding,
  type MembersMonth,
  type MealsDay,
  type RevenueMonth,
  type SlotNoShow,
} from '@hostelhub/contracts';
import { formatCents, formatCount, formatRating } from '@/lib/format';
import { formatMonth, formatPercent } from './format';

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** 1 (Monday) ... 7 (Sunday) as its name. */
export const weekdayName = (weekday: number) => weekdayNames[weekday - 1] ?? String(weekday);

/** "June 2026 to November 2026", or the one month. */
const spanOf = (first: string, last: string) =>
  first === last ? formatMonth(first) : `${formatMonth(first)} to ${formatMonth(last)}`;

/** Whether the range has any money in it (else the revenue chart shows its empty state). */
export const hasPayments = (revenue: RevenueMonth[]) =>
  revenue.some((month) => month.payments > 0 || month.grossCents !== 0 || month.refundedCents !== 0);

/**
 * "Revenue rose 12% in November 2026 to $1,234.00": the last month against the one before.
 * When the range ends with the month under way (`currentMonth`), the finding is about the
 * last whole month, and the one under way is said apart ("December 2026 so far: $310.00"),
 * so a month a week old never reads as a fall.
 */
export function revenueFinding(revenue: RevenueMonth[], currentMonth?: string): string {
  const last = revenue.at(-1);
  if (!last) return 'No payments in this range';
  const amount = formatCents(last.netCents);
  const month = formatMonth(last.month);
  if (last.month === currentMonth) {
    const whole = revenue.slice(0, -1);
    return whole.length === 0
      ? `Revenue in ${month} so far: ${amount}`
      : `${revenueFinding(whole)}; ${month} so far: ${amount}`;
  }
  const previous = revenue.at(-2);
  if (!previous || previous.netCents <= 0) return `Revenue in ${month}: ${amount}`;
  const change = Math.round(((last.netCents - previous.netCents) / previous.netCents) * 100);
  if (change === 0) return `Revenue held steady in ${month} at ${amount}`;
  return `Revenue ${change > 0 ? 'rose' : 'fell'} ${Math.abs(change)}% in ${month} to ${amount}`;
}

/** Paid members at a month's end, every tier together. */
export const membersAt = (month: MembersMonth) =>
  Object.values(month.byTier).reduce<number>((total, count) => total + (count ?? 0), 0);

/** "Members rose from 30 to 42 from June 2026 to November 2026". */
export function membersFinding(members: MembersMonth[]): string {
  const first = members[0];
  const last = members.at(-1);
  if (!first || !last) return 'No members in this range';
  const [start, end] = [membersAt(first), membersAt(last)];
  if (first === last) return `${formatCount(end, 'member')} at the end of ${formatMonth(last.month)}`;
  const span = spanOf(first.month, last.month);
  if (start === end) return `Members held at ${end} from ${span}`;
  return `Members ${end > start ? 'rose' : 'fell'} from ${start} to ${end} from ${span}`;
}

/** "18 members joined and 6 left from June 2026 to November 2026". */
export function gainedLostFinding(members: MembersMonth[]): string {
  const first = members[0];
  const last = members.at(-1);
  if (!first || !last) return 'No members joined or left in this range';
  const gained = members.reduce((total, month) => total + month.gained, 0);
  const lost = members.reduce((total, month) => total + month.lost, 0);
  if (gained === 0 && lost === 0) return 'No members joined or left in this range';
  const span = first === last ? `in ${formatMonth(last.month)}` : `from ${spanOf(first.month, last.month)}`;
  return `${formatCount(gained, 'member')} joined and ${lost} left ${span}`;
}

export type MealTotals = Omit<MealsDay, 'date'>;

export const mealTotals = (meals: MealsDay[]): MealTotals =>
  meals.reduce(
    (total, day) => ({
      requested: total.requested + day.requested,
      reserved: total.reserved + day.reserved,
      served: total.served + day.served,
      cancelled: total.cancelled + day.cancelled,
      notCollected: total.notCollected + day.notCollected,
    }),
    { requested: 0, reserved: 0, served: 0, cancelled: 0, notCollected: 0 },
  );

/** "312 of 400 meals requested were served; 40 cancelled, 48 not collected". */
export function mealsFinding(meals: MealsDay[]): string {
  const total = mealTotals(meals);
  if (total.requested === 0) return 'No meals requested in this range';
  return `${total.served} of ${formatCount(total.requested, 'meal')} requested ${total.served === 1 ? 'was' : 'were'} served; ${total.cancelled} cancelled, ${total.notCollected} not collected`;
}

/** The slots whose servings have ended in the range (the others have no rate yet). */
export const slotsWithEndedServings = (slots: SlotNoShow[]) =>
  slots.filter((slot) => slot.served + slot.notCollected > 0);

/** "Dinner has the most no-shows: 12% of its reservations were not collected". */
export function noShowFinding(slots: SlotNoShow[]): string {
  const ended = slotsWithEndedServings(slots);
  const worst = ended.reduce<SlotNoShow | null>((top, slot) => (!top || slot.rate > top.rate ? slot : top), null);
  if (!worst) return 'No servings ended in this range';
  if (worst.rate === 0) return 'Every reservation was collected';
  return `${mealSlotLabels[worst.slot]} has the most no-shows: ${formatPercent(worst.rate)} of its reservations were not collected`;
}

export const mealMetrics = ['requests', 'likes', 'rating'] as const;
export type MealMetric = (typeof mealMetrics)[number];

export const mealMetricLabels: Record<MealMetric, string> = {
  requests: 'Requests',
  likes: 'Likes',
  rating: 'Rating',
};

/** A meal's number for a metric, as shown: "42 requests", "7 likes", "4.5". */
export function standingText(meal: MealStanding, metric: MealMetric): string {
  if (metric === 'rating') return formatRating(meal.rating);
  return metric === 'requests' ? formatCount(meal.requests, 'request') : formatCount(meal.likes, 'like');
}

const mealWords: Record<MealMetric, [best: string, worst: string]> = {
  requests: ['Most requested', 'least requested'],
  likes: ['Most liked', 'least liked'],
  rating: ['Best rated', 'lowest rated'],
};

/** "Most requested: Pho (42 requests); least requested: Lentil Soup (1 request)". */
export function mealStandingFinding(top: MealStanding[], bottom: MealStanding[], metric: MealMetric): string {
  const best = top[0];
  const worst = bottom[0];
  if (!best) return metric === 'rating' ? 'No meals were reviewed in this range' : 'No meals requested in this range';
  const [bestWord, worstWord] = mealWords[metric];
  const bestText = `${bestWord}: ${best.title} (${standingText(best, metric)})`;
  if (!worst || worst._id === best._id) return bestText;
  return `${bestText}; ${worstWord}: ${worst.title} (${standingText(worst, metric)})`;
}

/** "Busiest: Friday dinner, 48 reservations". */
export function busiestFinding(slots: BusySlot[]): string {
  const busiest = slots.reduce<BusySlot | null>(
    (top, slot) => (!top || slot.reservations > top.reservations ? slot : top),
    null,
  );
  if (!busiest || busiest.reservations === 0) return 'No reservations in this range';
  return `Busiest: ${weekdayName(busiest.weekday)} ${mealSlotLabels[busiest.slot].toLowerCase()}, ${formatCount(busiest.reservations, 'reservation')}`;
}

/** "North hall served 10 of its 11 reservations whose meal is over (91%), Main hall 30 of 36 (83%)". */
export function hallsFinding(halls: HallMeals[]): string {
  if (halls.every((hall) => hall.reserved === 0)) return 'No reservations at any hall in this range';
  // Served of those whose meal is over (served or not collected): a reservation for a meal
  // still to come is neither, so it does not lower a hall's share.
  const over = (hall: HallMeals) => hall.served + hall.notCollected;
  const counted = halls.filter((hall) => over(hall) > 0);
  if (counted.length === 0) return 'No reserved meal at any hall is over yet in this range';
  const share = (hall: HallMeals) => hall.served / over(hall);
  const [first, ...rest] = counted.sort((a, b) => share(b) - share(a) || a.name.localeCompare(b.name));
  const line = (hall: HallMeals) => `${hall.name} ${hall.served} of ${over(hall)} (${formatPercent(share(hall))})`;
  return `${first!.name} served ${first!.served} of its ${formatCount(over(first!), 'reservation')} whose meal is over (${formatPercent(share(first!))})${rest.map((hall) => `, ${line(hall)}`).join('')}`;
}
