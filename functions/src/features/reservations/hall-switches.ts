// A member's meals at a hall not their own (ADR 72), limited per month by the hostel's hall
// settings: counted when a reservation is made there, given back when it is cancelled.
import { conflict } from '../../lib/errors.js';
import { hallSwitchRef } from '../../lib/halls.js';

/**
 * The member's next meal at another hall in `month`, or 409 naming the hostel's limit. Counted
 * on their month's lock, read in the transaction: two reservations racing for the last one
 * meet on it, and one runs again to find it used.
 */
export function nextSwitch(uid: string, month: string, switchesOf: Map<string, number>, limit: number) {
  const count = (switchesOf.get(uid) ?? 0) + 1;
  if (count > limit) {
    throw conflict(
      limit === 0
        ? 'switchesPerMonth: this hostel does not let members eat at another hall'
        : `switchesPerMonth: you may eat at another hall ${limit} ${limit === 1 ? 'time' : 'times'} a month, and ${month}'s are used`,
    );
  }
  switchesOf.set(uid, count);
  return { ref: hallSwitchRef(uid, month), month, count };
}
