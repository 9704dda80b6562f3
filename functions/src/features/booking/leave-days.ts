// What an approved leave changes beside itself (ADR 74), written in the transaction that
// approves or cancels it: the members on leave per hall and date (default booking's headcount
// subtracts them), the Insights rollups, and the credit waiting on the member's profile.
import { firstHallId, homeHallIn } from '@hostelhub/contracts';
import type { UserDocument } from '../../lib/converters/index.js';

// Counting a leave in and out lives in lib/leave.ts: closing an account cancels a leave too (ADR 75).
export { countLeave, leaveDayRef } from '../../lib/leave.js';

/** Each month of a leave at the hall the member eats at then (ADR 72), for its days' counts. */
export function hallByMonthOf(profile: UserDocument | undefined, months: string[]): Record<string, string> {
  return Object.fromEntries(months.map((month) => [month, (profile && homeHallIn(profile, month)) ?? firstHallId]));
}
