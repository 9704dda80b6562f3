// Leave as GET /leaves and GET /meal-settings answer it (ADR 74), for the leave screens' tests.
import { defaultLeaveRules, type Leave, type LeaveRules, type MealSettings, type MyLeaves } from '@hostelhub/contracts';

/** The hostel's rules in the tests: 3 days at least, 2 days' notice, 15 a month, approved by an admin, $4.00 a day. */
export const leaveRules: LeaveRules = { ...defaultLeaveRules, creditPerDayCents: 400 };

export const mealSettingsOf = (overrides: Partial<MealSettings> = {}): MealSettings => ({
  booking: 'reserve',
  leave: leaveRules,
  ...overrides,
});

/** A member's leave, pending, from 7 to 11 December 2026, earning $20.00. */
export const makeLeave = (overrides: Partial<Leave> = {}): Leave => ({
  _id: 'leave-1',
  uid: 'uid-student',
  name: 'Sam Student',
  email: 'student@hostelhub.test',
  from: '2026-12-07',
  to: '2026-12-11',
  days: 5,
  status: 'pending',
  reason: null,
  decisionReason: null,
  creditCents: 2_000,
  creditedAt: null,
  appliedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

/** GET /leaves for a member: their leaves, the rules, and 12 days left in November 2026 and 15 in December. */
export const myLeavesOf = (items: Leave[], overrides: Partial<MyLeaves> = {}): MyLeaves => ({
  items,
  nextCursor: null,
  rules: leaveRules,
  daysLeft: { '2026-11': 12, '2026-12': 15 },
  ...overrides,
});
