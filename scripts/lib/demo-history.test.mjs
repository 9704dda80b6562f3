// The demo's past (demo-history.mjs) on every day of two years: each of the six calendar months
// before the hostel's this month holds a payment, nothing is dated after now, and the members
// still paying renew after now. Insights promises "six months of history" whatever the day.
import { describe, expect, it } from 'vitest';
import * as contracts from '../../packages/contracts/src/index.ts';
import { sweptInstants } from '../../packages/contracts/src/calendar-sweep.ts';
import { demoHistoryDocuments, demoResidents, historyStart } from './demo-history.mjs';

const { hostelDate, shiftMonth } = contracts;

/** What is wrong with the past `documents` seeded at `now` (on `date`): none, when it holds. */
function faultsOf(documents, { date, time, now }, timeZone) {
  const faults = [];
  const at = `${date} ${time}`;
  const payments = documents.filter(([path]) => path.startsWith('payments/')).map(([, data]) => data);
  const paidMonths = new Set(
    payments
      .filter((payment) => payment.status === 'succeeded')
      .map((payment) => hostelDate(payment.paidAt, timeZone).slice(0, 7)),
  );
  for (let back = 1; back <= 6; back += 1) {
    const month = shiftMonth(date.slice(0, 7), -back);
    if (!paidMonths.has(month)) faults.push(`${at}: no payment in ${month}`);
  }
  const first = historyStart(shiftMonth, date);
  for (const payment of payments) {
    const paidOn = hostelDate(payment.paidAt, timeZone);
    if (payment.paidAt > now) faults.push(`${at}: ${payment.invoiceId} paid after now`);
    if (paidOn < first) faults.push(`${at}: ${payment.invoiceId} paid on ${paidOn}, before the past begins`);
  }
  for (const [path, data] of documents) {
    if (path.startsWith('servings/') && !(data.date >= first && data.date < date))
      faults.push(`${at}: ${path} is outside the past`);
    if (path.startsWith('mealRequests/') && data.requestedAt > now) faults.push(`${at}: ${path} made after now`);
    if (path.startsWith('membershipChanges/') && data.at > now) faults.push(`${at}: ${path} after now`);
    if (path.startsWith('users/') && data.membership.status === 'active' && data.membership.currentPeriodEnd <= now) {
      faults.push(`${at}: ${path} is active but its period has ended`);
    }
  }
  return faults;
}

describe('the demo past', () => {
  it.each(['Europe/London', 'Australia/Sydney'])(
    'has money in each of the six months before this one, and nothing after now, at midday and 23:30 of every day in %s',
    (timeZone) => {
      const faults = sweptInstants(timeZone).flatMap((instant) =>
        faultsOf(demoResidents(contracts, instant.now, timeZone).documents, instant, timeZone),
      );
      expect(faults.slice(0, 20)).toEqual([]);
    },
  );

  it('keeps its servings and requests inside the past, late on every day in London', () => {
    const timeZone = 'Europe/London';
    const faults = sweptInstants(timeZone, ['23:30']).flatMap((instant) =>
      faultsOf(demoHistoryDocuments(contracts, instant.now, timeZone), instant, timeZone),
    );
    expect(faults.slice(0, 20)).toEqual([]);
  });
});
