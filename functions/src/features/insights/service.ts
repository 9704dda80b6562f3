import {
  addDays,
  mealSlots,
  monthsBetween,
  shiftMonth,
  type Badge,
  type BusySlot,
  type Hall,
  type HallMeals,
  type Insights,
  type InsightsQuery,
  type MealsDay,
  type MealStanding,
  type MembersMonth,
  type LeaveMonth,
  type RevenueMonth,
  type SlotNoShow,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { readAll, typed, type MealDocument } from '../../lib/converters/index.js';
import { notFound } from '../../lib/errors.js';
import { readHalls } from '../../lib/halls.js';
import { firstRollupMonth, rollupDaysBetween, rollupMonthsBetween } from '../../lib/rollups.js';
import { mealsByCounter } from './queries.js';
import { numberAt, type Fields } from './rollup-fields.js';
import { satisfactionOf } from './satisfaction.js';

// GET /insights (ADR 0036): every series from the rollup documents, so a year costs the
// month documents up to its end, one document per day with activity and a few meals,
// whatever the number of payments and requests behind them. One hall's page reads the same
// documents, each hall's counters kept inside them (ADR 72).

/** The paid tiers, in the order the members series lists them. */
const paidTiers = ['Silver', 'Gold', 'Platinum'] as const satisfies readonly Badge[];
/** How many meals each top and bottom list holds. */
const standingsSize = 5;
/** The site's currency (payments are recorded in it; docs/api.md "Payments"). */
const currency = 'usd';

function revenueOf(month: string, document: Fields | undefined): RevenueMonth {
  const grossCents = numberAt(document, 'revenue', 'grossCents');
  const refundedCents = numberAt(document, 'revenue', 'refundedCents');
  return {
    month,
    grossCents,
    refundedCents,
    netCents: grossCents - refundedCents,
    taxCents: numberAt(document, 'revenue', 'taxCents') - numberAt(document, 'revenue', 'refundedTaxCents'),
    payments: numberAt(document, 'revenue', 'payments'),
  };
}

/** A month's approved leave (ADR 74): its days, and the credit of the leaves that start in it. */
const leaveMonthOf = (month: string, document: Fields | undefined): LeaveMonth => ({
  month,
  days: numberAt(document, 'leave', 'days'),
  creditCents: numberAt(document, 'leave', 'creditCents'),
});

/** Members per tier at each month's end: the months before the range add up to where it starts. */
function membersSeries(months: string[], monthDocuments: Map<string, Fields>): MembersMonth[] {
  const running: Record<string, number> = Object.fromEntries(paidTiers.map((tier) => [tier, 0]));
  const apply = (document: Fields | undefined) => {
    for (const tier of paidTiers) {
      running[tier] =
        running[tier]! + numberAt(document, 'members', 'joined', tier) - numberAt(document, 'members', 'left', tier);
    }
  };
  for (const [month, document] of monthDocuments) if (month < months[0]!) apply(document);
  return months.map((month) => {
    const document = monthDocuments.get(month);
    apply(document);
    return {
      month,
      byTier: { ...running },
      gained: numberAt(document, 'members', 'gained'),
      lost: numberAt(document, 'members', 'lost'),
    };
  });
}

/** 1 Monday ... 7 Sunday, of a calendar date. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Every day of the range, those without a rollup as zeros. */
function mealsSeries(from: string, to: string, dayDocuments: Map<string, Fields>): MealsDay[] {
  const days: MealsDay[] = [];
  const last = addDays(`${shiftMonth(to, 1)}-01`, -1);
  for (let date = `${from}-01`; date <= last; date = addDays(date, 1)) {
    const document = dayDocuments.get(date);
    days.push({
      date,
      requested: numberAt(document, 'requested'),
      reserved: numberAt(document, 'reserved'),
      served: numberAt(document, 'served'),
      cancelled: numberAt(document, 'cancelled'),
      notCollected: numberAt(document, 'notCollected'),
    });
  }
  return days;
}

function noShowsBySlot(dayDocuments: Map<string, Fields>): SlotNoShow[] {
  return mealSlots.map((slot) => {
    let served = 0;
    let notCollected = 0;
    for (const document of dayDocuments.values()) {
      served += numberAt(document, 'slots', slot, 'served');
      notCollected += numberAt(document, 'slots', slot, 'notCollected');
    }
    const settled = served + notCollected;
    return { slot, served, notCollected, rate: settled === 0 ? 0 : Math.round((notCollected / settled) * 1000) / 1000 };
  });
}

/** Reservations per weekday and slot: all 21, busiest first (then Monday first, breakfast first). */
function busiestSlots(dayDocuments: Map<string, Fields>): BusySlot[] {
  const cells = new Map<string, BusySlot>();
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    for (const slot of mealSlots) cells.set(`${weekday}-${slot}`, { weekday, slot, reservations: 0 });
  }
  for (const [date, document] of dayDocuments) {
    for (const slot of mealSlots) {
      cells.get(`${weekdayOf(date)}-${slot}`)!.reservations += numberAt(document, 'slots', slot, 'reserved');
    }
  }
  return [...cells.values()].sort(
    (a, b) =>
      b.reservations - a.reservations || a.weekday - b.weekday || mealSlots.indexOf(a.slot) - mealSlots.indexOf(b.slot),
  );
}

/** Each hall's reservations over the range, from the days' per-hall counters (ADR 72). */
function mealsByHall(halls: Hall[], dayDocuments: Map<string, Fields>): HallMeals[] {
  const outcomes = ['reserved', 'served', 'cancelled', 'notCollected'] as const;
  return halls.map((hall) => {
    const totals = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<
      (typeof outcomes)[number],
      number
    >;
    for (const document of dayDocuments.values()) {
      for (const outcome of outcomes) totals[outcome] += numberAt(document, 'halls', hall._id, outcome);
    }
    return { hallId: hall._id, name: hall.name, ...totals };
  });
}

function standingOf(id: string, meal: MealDocument, requests: Map<string, number>): MealStanding {
  return {
    _id: id,
    title: meal.title ?? '',
    requests: requests.get(id) ?? 0,
    likes: meal.likesCount ?? 0,
    rating: meal.rating ?? 0,
    reviews: meal.reviewsCount ?? 0,
  };
}

/**
 * The most and least requested meals of the range (from the months' per-meal counts, so only
 * meals requested at least once in the range are ranked), and the most and least liked and
 * rated meals now (each an ordered query of five on the meal's own counter). A deleted meal
 * drops out; ties go by meal id.
 */
async function mealStandings(requests: Map<string, number>) {
  const requested = [...requests].filter(([, count]) => count > 0);
  const rankedByRequests = async (order: 1 | -1) => {
    // A few spare candidates, for meals deleted since they were requested.
    const candidates = [...requested]
      .sort((a, b) => order * (b[1] - a[1]) || a[0].localeCompare(b[0]))
      .slice(0, standingsSize * 2)
      .map(([id]) => typed.meals().doc(id));
    const meals = await readAll(candidates);
    return meals
      .flatMap((meal) => {
        const stored = meal.data();
        return stored ? [standingOf(meal.id, stored, requests)] : [];
      })
      .slice(0, standingsSize);
  };
  const ranked = async (counter: 'likesCount' | 'rating', direction: 'asc' | 'desc') =>
    (await mealsByCounter(counter, direction).limit(standingsSize).get()).docs.map((meal) =>
      standingOf(meal.id, meal.data(), requests),
    );
  const [topRequests, bottomRequests, topLikes, bottomLikes, topRating, bottomRating] = await Promise.all([
    rankedByRequests(1),
    rankedByRequests(-1),
    ranked('likesCount', 'desc'),
    ranked('likesCount', 'asc'),
    ranked('rating', 'desc'),
    ranked('rating', 'asc'),
  ]);
  return {
    topMeals: { byRequests: topRequests, byLikes: topLikes, byRating: topRating },
    bottomMeals: { byRequests: bottomRequests, byLikes: bottomLikes, byRating: bottomRating },
  };
}

/**
 * A rollup document as one hall counted it (ADR 72): its `halls.{hallId}` counters, which have
 * the document's own paths. Members and complaints stay the hostel's: a membership is paid to
 * the hostel, whichever hall its member eats at, and a complaint need not name a serving.
 */
function asHall(document: Fields, hallId: string): Fields {
  const halls = document.halls as Fields | undefined;
  const own = halls?.[hallId];
  return {
    ...(own && typeof own === 'object' ? (own as Fields) : {}),
    members: document.members,
    complaints: document.complaints,
  };
}

/** GET /insights: the months `from` to `to`, both included, in the hostel's time zone. */
export async function readInsights({ from, to, hall }: InsightsQuery): Promise<Insights> {
  const months = monthsBetween(from, to);
  const [monthSnapshots, daySnapshots, halls] = await Promise.all([
    // Every month up to the range's end: the members series adds them up from the start.
    rollupMonthsBetween(firstRollupMonth, to).get(),
    rollupDaysBetween(`${from}-01`, `${to}-31`).get(),
    readHalls(),
  ]);
  if (hall !== undefined && !halls.some((each) => each._id === hall)) throw notFound('hall: no such hall');
  const scoped = (document: Fields) => (hall === undefined ? document : asHall(document, hall));
  const monthDocuments = new Map(monthSnapshots.docs.map((doc) => [doc.id, scoped(doc.data())]));
  const allDays = new Map(daySnapshots.docs.map((doc) => [doc.id, doc.data() as Fields]));
  const dayDocuments = new Map([...allDays].map(([date, document]) => [date, scoped(document)]));
  const requests = new Map<string, number>();
  for (const month of months) {
    const perMeal = monthDocuments.get(month)?.mealRequests;
    if (!perMeal || typeof perMeal !== 'object') continue;
    for (const [mealId, count] of Object.entries(perMeal as Fields)) {
      if (typeof count === 'number') requests.set(mealId, (requests.get(mealId) ?? 0) + count);
    }
  }
  return {
    from,
    to,
    timeZone: hostelTimeZone(),
    currency,
    revenue: months.map((month) => revenueOf(month, monthDocuments.get(month))),
    members: membersSeries(months, monthDocuments),
    meals: mealsSeries(from, to, dayDocuments),
    noShowBySlot: noShowsBySlot(dayDocuments),
    ...(await mealStandings(requests)),
    busiestSlots: busiestSlots(dayDocuments),
    // Every hall side by side, whichever hall the rest of the page is about.
    halls: mealsByHall(halls, allDays),
    satisfaction: await satisfactionOf(from, to, months, monthDocuments, dayDocuments),
    leave: months.map((month) => leaveMonthOf(month, monthDocuments.get(month))),
  };
}
