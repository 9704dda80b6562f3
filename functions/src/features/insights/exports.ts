import type { Response } from 'express';
import {
  addDays,
  csvLine,
  homeHallIn,
  hostelDate,
  instantOfHostelTime,
  isMember,
  membersCsvHeader,
  paymentsCsvHeader,
  shiftMonth,
  type Membership,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { readAll, typed, type PaymentDocument } from '../../lib/converters/index.js';
import { pagesOf, sendCsv } from '../../lib/csv-export.js';
import { notFound } from '../../lib/errors.js';
import { hallNamesIfSeveral } from '../../lib/halls.js';
import { toMembership } from '../../lib/profiles.js';
import { monthStart, paymentFactsOf, paymentsPaidBetween } from '../../lib/rollups.js';
import { isoTime } from '../../lib/timestamps.js';
import { usersWithMembership } from './queries.js';
import { currentTime } from '../../lib/clock.js';

// The accounts' CSV exports (ADR 0036). Rows are read a page at a time and written to the
// response as each page arrives, so a year of payments never sits in memory; every cell goes
// through the contracts' csvLine, the one CSV writer, which neutralises formulas.

/** Cents as a decimal amount of the currency: 3150 -> "31.50". */
const decimal = (cents: number) => (cents / 100).toFixed(2);
const hostelDayOfStored = (value: unknown) => {
  const iso = isoTime(value);
  return iso ? hostelDate(new Date(iso), hostelTimeZone()) : '';
};

/** The instants a payments range covers: a month means all of it, a day the whole day (hostel time). */
function paymentsRange(from: string, to: string): { start: Date; end: Date } {
  const timeZone = hostelTimeZone();
  return {
    start: from.length === 7 ? monthStart(from) : instantOfHostelTime(from, '00:00', timeZone),
    end: to.length === 7 ? monthStart(shiftMonth(to, 1)) : instantOfHostelTime(addDays(to, 1), '00:00', timeZone),
  };
}

/** The names of a page's payers, read in one round trip. */
async function namesOf(payments: PaymentDocument[]): Promise<Map<string, string>> {
  const uids = [...new Set(payments.map((payment) => payment.uid).filter(Boolean))];
  const users = await readAll(uids.map((uid) => typed.users().doc(uid)));
  return new Map(users.map((user) => [user.id, user.data()?.name ?? '']));
}

async function* paymentLines(from: string, to: string, halls: HallColumn): AsyncGenerator<string> {
  const { start, end } = paymentsRange(from, to);
  for await (const page of pagesOf(paymentsPaidBetween(start, end))) {
    const names = await namesOf(page.map((payment) => payment.data()));
    yield page
      .map((payment) => {
        const data = payment.data();
        const { amountInCents, taxInCents, hallId } = paymentFactsOf(data);
        if (halls.only !== undefined && hallId !== halls.only) return '';
        return csvLine([
          hostelDayOfStored(data.paidAt),
          names.get(data.uid) ?? '',
          data.email ?? '',
          data.packageName ?? '',
          decimal(amountInCents),
          decimal(taxInCents),
          (data.currency ?? currencyOfPayments).toUpperCase(),
          data.transactionId ?? payment.id,
          data.status,
          ...(halls.names.size > 0 ? [halls.names.get(hallId) ?? ''] : []),
        ]);
      })
      .join('');
  }
}

/** What a row without its own currency was charged in. */
const currencyOfPayments = 'usd';

/**
 * GET /exports/payments.csv: one row per payment paid in the range, oldest first; with several
 * halls, each payer's hall of the month paid, and one hall's payments only for `hall`.
 */
export async function sendPaymentsCsv(res: Response, from: string, to: string, hall?: string): Promise<void> {
  const columns = await hallColumn(hall);
  const range = from === to ? from : `${from}-to-${to}`;
  const suffix = columns.only ? `-${columns.only}` : '';
  const header = columns.names.size > 0 ? [...paymentsCsvHeader, 'hall'] : paymentsCsvHeader;
  await sendCsv(res, `payments-${range}${suffix}.csv`, header, paymentLines(from, to, columns));
}

/** "renews 2026-12-15", "ends 2026-12-15" (cancelled: rights until then) or "ended 2026-10-15". */
function renewsOrEnds(membership: Membership, member: boolean): string {
  const day = hostelDayOfStored(new Date(membership.currentPeriodEnd));
  if (!member) return `ended ${day}`;
  return membership.cancelAtPeriodEnd || membership.status === 'canceled' ? `ends ${day}` : `renews ${day}`;
}

/** The hall column of a hostel with several halls (ADR 72), and the one hall asked for. */
type HallColumn = { names: Map<string, string>; only: string | undefined };

/** The halls' names where there are several (none: no column), and `hall` checked against them. */
async function hallColumn(hall: string | undefined): Promise<HallColumn> {
  const names = await hallNamesIfSeveral();
  if (hall !== undefined && names.size > 0 && !names.has(hall)) throw notFound('hall: no such hall');
  return { names, only: names.size > 0 ? hall : undefined };
}

/** Each member's row, with their hall in `month` (this month) where there are several. */
async function* memberLines(now: Date, month: string, halls: HallColumn): AsyncGenerator<string> {
  for await (const page of pagesOf(usersWithMembership())) {
    yield page
      .map((snapshot) => {
        const user = snapshot.data();
        const membership = toMembership(user.membership);
        if (!membership) return '';
        const hallId = homeHallIn(user, month);
        if (halls.only !== undefined && hallId !== halls.only) return '';
        const member = isMember({ membership }, now);
        return csvLine([
          user.name ?? '',
          user.email ?? '',
          membership.packageName,
          // As the API reports a membership: one past its rights is expired, whatever is stored.
          member ? membership.status : 'expired',
          renewsOrEnds(membership, member),
          ...(halls.names.size > 0 ? [halls.names.get(hallId ?? '') ?? ''] : []),
        ]);
      })
      .join('');
  }
}

/**
 * GET /exports/members.csv: everyone who holds or held a paid membership; with several halls,
 * each member's hall, and one hall's members only for `hall`.
 */
export async function sendMembersCsv(res: Response, hall: string | undefined, now = currentTime()): Promise<void> {
  const today = hostelDate(now, hostelTimeZone());
  const columns = await hallColumn(hall);
  const header = columns.names.size > 0 ? [...membersCsvHeader, 'hall'] : membersCsvHeader;
  const suffix = columns.only ? `-${columns.only}` : '';
  await sendCsv(res, `members-${today}${suffix}.csv`, header, memberLines(now, today.slice(0, 7), columns));
}
