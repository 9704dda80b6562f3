// Recomputes the insights' rollups from the source documents (ADR 0036): every payment row,
// request record and logged membership change of a range of months adds the same increments
// the live code adds (lib/rollups.ts), and the sums are compared with the stored rollups.
// `scripts/rebuild-rollups.mjs` reports the differences and, with --fix, writes the rebuilt
// documents; the seed runs it once so the demo's history is counted by the same code.
import type { Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { monthsBetween, shiftMonth } from '@hostelhub/contracts';
import { readAll, typed, type MealRequestDocument } from './converters/index.js';
import { db } from './firestore.js';
import { approvedLeaves, countLeaveRollups } from './leave.js';
import {
  countMembershipChange,
  countNewRequest,
  countOutcomeChange,
  countPayment,
  firstRollupMonth,
  membershipChangesBetween,
  monthStart,
  outcomeOf,
  paidTierOf,
  paymentFactsOf,
  paymentsPaidBetween,
  requestFactsOf,
  requestsMadeBetween,
  reservationsForDays,
  rollupDaysBetween,
  rollupMonthsBetween,
  rollupRef,
  RollupChanges,
} from './rollups.js';
import {
  complaintFactsOf,
  complaintsRaisedBetween,
  countFirstAnswer,
  countNewComplaint,
  countRating,
  ratingFactsOf,
  ratingsForDays,
} from './satisfaction-rollups.js';

export type RollupDifference = { document: string; field: string; stored: number; rebuilt: number };
export type RollupRebuild = {
  from: string;
  to: string;
  /** Rollup documents compared (stored, rebuilt or both). */
  documents: number;
  differences: RollupDifference[];
  /** Documents rewritten (with `fix`). */
  fixed: number;
};

/** The widest range: every month a rollup can have. */
const firstMonth = firstRollupMonth;
const lastMonth = '2100-12';
const pageSize = 500;

/** Every document of an ordered query, read a page at a time. */
async function* documentsOf<T>(query: Query<T>): AsyncGenerator<QueryDocumentSnapshot<T>> {
  let last: QueryDocumentSnapshot<T> | undefined;
  for (;;) {
    const page = await (last ? query.startAfter(last) : query).limit(pageSize).get();
    yield* page.docs;
    if (page.size < pageSize) return;
    last = page.docs[page.docs.length - 1];
  }
}

/** A rollup document's numbers by field path, for comparing stored and rebuilt alike. */
function numbersOf(document: Record<string, unknown>, path: string[] = [], into = new Map<string, number>()) {
  for (const [key, value] of Object.entries(document)) {
    if (path.length === 0 && (key === 'date' || key === 'month')) continue;
    if (typeof value === 'number') into.set([...path, key].join('.'), value);
    else if (value && typeof value === 'object') numbersOf(value as Record<string, unknown>, [...path, key], into);
  }
  return into;
}

/** The increments every source document of the months `from` to `to` adds. */
async function countSources(from: string, to: string): Promise<RollupChanges> {
  const start = monthStart(from);
  const end = monthStart(shiftMonth(to, 1));
  const changes = new RollupChanges();
  for await (const payment of documentsOf(paymentsPaidBetween(start, end))) {
    const stored = payment.data();
    countPayment(changes, paymentFactsOf(stored), null, stored.status);
  }

  // Reservations count on their serving's date; undated requests on the day they were made.
  const counted: MealRequestDocument[] = [];
  for await (const request of documentsOf(reservationsForDays(`${from}-01`, `${to}-31`))) counted.push(request.data());
  for await (const request of documentsOf(requestsMadeBetween(start, end))) {
    const stored = request.data();
    if (typeof stored.servingId !== 'string') counted.push(stored);
  }
  // A pending reservation was not collected once its serving's no-shows were counted.
  const pendingServingIds = [
    ...new Set(
      counted.flatMap((request) =>
        request.status === 'pending' && typeof request.servingId === 'string' ? [request.servingId] : [],
      ),
    ),
  ];
  const noShowsCounted = new Set<string>();
  for (let index = 0; index < pendingServingIds.length; index += pageSize) {
    const servings = await readAll(
      pendingServingIds.slice(index, index + pageSize).map((id) => typed.servings().doc(id)),
    );
    for (const serving of servings) if (serving.data()?.noShowsCountedAt) noShowsCounted.add(serving.id);
  }
  for (const request of counted) {
    const facts = requestFactsOf(request);
    const { servingId } = request;
    countNewRequest(changes, facts);
    countOutcomeChange(
      changes,
      facts,
      'pending',
      outcomeOf(request.status, typeof servingId === 'string' && noShowsCounted.has(servingId)),
    );
  }

  for await (const change of documentsOf(membershipChangesBetween(start, end))) {
    const { from: was, to: is, at } = change.data();
    countMembershipChange(changes, paidTierOf(was), paidTierOf(is), at.toDate());
  }

  // Ratings count on their serving's day; complaints in the month they were raised, with
  // their first answer (stored on the complaint) in that same month.
  for await (const rating of documentsOf(ratingsForDays(`${from}-01`, `${to}-31`))) {
    const stored = rating.data();
    if (Number.isInteger(stored.stars)) countRating(changes, ratingFactsOf(stored), null, stored.stars);
  }
  for await (const complaint of documentsOf(complaintsRaisedBetween(start, end))) {
    const stored = complaint.data();
    const facts = complaintFactsOf(stored);
    countNewComplaint(changes, facts);
    if (stored.firstAnsweredAt) countFirstAnswer(changes, facts, stored.firstAnsweredAt.toDate());
  }

  // Approved leave (ADR 74): its days in their months, its credit in the month it starts.
  const inRange = (month: string) => month >= from && month <= to;
  for await (const leave of documentsOf(approvedLeaves())) countLeaveRollups(changes, leave.data(), 1, inRange);
  return changes;
}

/**
 * Compares the stored rollups of the months `from` to `to` (the days in them and the months
 * themselves; every month when not given) with what the source documents add up to, and with
 * `fix` rewrites each document that differs. Run it when the hostel is quiet: a change
 * counted live between the read and the rewrite would be overwritten (a second run finds it).
 */
export async function rebuildRollups(
  options: { from?: string; to?: string; fix?: boolean } = {},
): Promise<RollupRebuild> {
  const from = options.from ?? firstMonth;
  const to = options.to ?? lastMonth;
  if (monthsBetween(from, to).length === 0) throw new Error('from must not be after to');
  const rebuilt = new Map((await countSources(from, to)).entries((by) => by));
  const stored = new Map<string, Record<string, unknown>>();
  const storedQueries = [rollupDaysBetween(`${from}-01`, `${to}-31`), rollupMonthsBetween(from, to)];
  for (const query of storedQueries) {
    for await (const document of documentsOf(query)) stored.set(document.id, document.data());
  }

  const differences: RollupDifference[] = [];
  const toRewrite: string[] = [];
  for (const document of [...new Set([...stored.keys(), ...rebuilt.keys()])].sort()) {
    const storedNumbers = numbersOf(stored.get(document) ?? {});
    const rebuiltNumbers = numbersOf(rebuilt.get(document) ?? {});
    const before = differences.length;
    for (const field of [...new Set([...storedNumbers.keys(), ...rebuiltNumbers.keys()])].sort()) {
      const was = storedNumbers.get(field) ?? 0;
      const is = rebuiltNumbers.get(field) ?? 0;
      if (was !== is) differences.push({ document, field, stored: was, rebuilt: is });
    }
    if (differences.length > before) toRewrite.push(document);
  }

  if (options.fix) {
    for (let index = 0; index < toRewrite.length; index += 400) {
      const batch = db.batch();
      for (const document of toRewrite.slice(index, index + 400)) {
        const identity = document.length === 10 ? { date: document } : { month: document };
        batch.set(rollupRef(document), rebuilt.get(document) ?? identity);
      }
      await batch.commit();
    }
  }
  return {
    from,
    to,
    documents: new Set([...stored.keys(), ...rebuilt.keys()]).size,
    differences,
    fixed: options.fix ? toRewrite.length : 0,
  };
}
