// Applying for leave and reading it (ADR 74): POST and GET /leaves. A leave is checked against
// the hostel's rules at the moment it is applied for; its credit is worked out then, from the
// rules and the member's plan price as they are now.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  addDays,
  hostelDate,
  isMember,
  leaveCreditCents,
  leaveDaysByMonth,
  leaveDaysOf,
  membershipRequiredMessage,
  shiftMonth,
  type LeaveApplied,
  type LeaveBody,
  type LeaveRules,
  type LeavesQuery,
  type MyLeaves,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import type { TokenClaims } from '../../lib/api-token.js';
import { currentTime } from '../../lib/clock.js';
import { dataOf, converters, typed, type LeaveDocument } from '../../lib/converters/index.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { readMealSettings } from '../../lib/meal-settings.js';
import { readPage } from '../../lib/paging.js';
import { toUserAccount } from '../../lib/profiles.js';
import { approveLeave } from './leave-decisions.js';
import { toLeave } from './leave-records.js';
import { holdsDays, leavesOfMemberIn } from '../../lib/leave.js';
import { leavesForAdmins, leavesOfMember } from './queries.js';

/** The rules a leave must keep, each refusal naming its rule and the field it is about. */
function checkRules(rules: LeaveRules, from: string, to: string, today: string) {
  const days = leaveDaysOf(from, to);
  if (days < rules.minDays) {
    throw badRequest(`to: a leave is at least ${rules.minDays} days (minDays); this one is ${days}`);
  }
  const earliest = addDays(today, rules.noticeDays);
  if (from < earliest) {
    throw badRequest(
      `from: leave is applied for ${rules.noticeDays} days ahead (noticeDays): the earliest first day now is ${earliest}`,
    );
  }
  return days;
}

/**
 * POST /leaves: 402 without a membership; 400 naming the rule a leave breaks; 409 when it
 * overlaps one of the member's pending or approved leaves, or takes a month past
 * `maxDaysPerMonth`. The member's leaves of those months are read in the transaction that
 * writes it, so two applications at once cannot both take the last days.
 */
export async function applyForLeave(user: TokenClaims, body: LeaveBody): Promise<LeaveApplied> {
  const now = currentTime();
  const today = hostelDate(now, tz());
  const { from, to } = body;
  const { leave: rules } = await readMealSettings();
  const days = checkRules(rules, from, to, today);
  const byMonth = leaveDaysByMonth(from, to);
  const months = [...byMonth.keys()];
  const ref = typed.leaves().doc();
  const leave = await db.runTransaction(async (transaction) => {
    const [profileSnapshot, others] = await Promise.all([
      transaction.get(typed.users().doc(user.uid)),
      transaction.get(leavesOfMemberIn(user.uid, months)),
    ]);
    const profile = dataOf(converters.users, profileSnapshot);
    const account = profile ? toUserAccount(user.uid, profile, now) : null;
    if (!profile || !account || !isMember(account, now)) throw new ApiError(402, membershipRequiredMessage);
    const held = others.docs.map((doc) => doc.data()).filter(holdsDays);
    const overlapping = held.find((other) => other.from <= to && other.to >= from);
    if (overlapping) {
      throw conflict(`from: you already have leave from ${overlapping.from} to ${overlapping.to}`);
    }
    if (rules.maxDaysPerMonth !== null) {
      for (const [month, monthDays] of byMonth) {
        const taken = held.reduce((sum, other) => sum + (leaveDaysByMonth(other.from, other.to).get(month) ?? 0), 0);
        if (taken + monthDays > rules.maxDaysPerMonth) {
          throw conflict(
            `to: at most ${rules.maxDaysPerMonth} days of leave in a month (maxDaysPerMonth); ${month} has ${rules.maxDaysPerMonth - taken} left`,
          );
        }
      }
    }
    // The plan's price now, for a credit that is a share of it.
    const packageId = account.membership?.packageId;
    const pack = packageId
      ? dataOf(converters.packages, await transaction.get(typed.packages().doc(packageId)))
      : undefined;
    const planCents = pack ? Math.round(pack.price * 100) : null;
    const stored: LeaveDocument = {
      uid: user.uid,
      name: profile.name ?? '',
      email: profile.email ?? user.email,
      from,
      to,
      days,
      months,
      status: 'pending',
      reason: body.reason ?? null,
      decisionReason: null,
      creditCents: leaveCreditCents(rules, from, to, planCents),
      appliedAt: Timestamp.fromDate(now),
      decidedAt: null,
      decidedBy: null,
    };
    transaction.create(ref, { ...stored, appliedAt: FieldValue.serverTimestamp() } as unknown as LeaveDocument);
    return stored;
  });
  // Where no admin decides, a leave that keeps the rules is approved at once, as an admin would.
  const status = rules.needsApproval ? 'pending' : (await approveLeave(ref.id, { uid: user.uid, auto: true })).status;
  return { insertedId: ref.id, status, days, creditCents: leave.creditCents };
}

const tz = () => hostelTimeZone();

/**
 * GET /leaves: a member's own leaves with their rules and the days left this month and next;
 * an admin's every member's leave, by status and month (`mine` false).
 */
export async function listLeaves(
  uid: string,
  isAdmin: boolean,
  query: LeavesQuery & { limit: number },
): Promise<MyLeaves> {
  const { leave: rules } = await readMealSettings();
  const base = isAdmin ? leavesForAdmins(query) : leavesOfMember(uid);
  const page = await readPage(base, query.limit, query.cursor);
  const items = page.docs.map((doc) => toLeave(doc.id, doc.data()));
  return { items, nextCursor: page.nextCursor, rules, daysLeft: isAdmin ? {} : await daysLeftOf(uid, rules) };
}

/** Days still free under the month limit, this month and the next. */
async function daysLeftOf(uid: string, rules: LeaveRules): Promise<Record<string, number | null>> {
  const thisMonth = hostelDate(currentTime(), tz()).slice(0, 7);
  const months = [thisMonth, shiftMonth(thisMonth, 1)];
  if (rules.maxDaysPerMonth === null) return Object.fromEntries(months.map((month) => [month, null]));
  const held = (await leavesOfMemberIn(uid, months).get()).docs.map((doc) => doc.data()).filter(holdsDays);
  return Object.fromEntries(
    months.map((month) => {
      const taken = held.reduce((sum, leave) => sum + (leaveDaysByMonth(leave.from, leave.to).get(month) ?? 0), 0);
      return [month, Math.max(0, rules.maxDaysPerMonth! - taken)];
    }),
  );
}
