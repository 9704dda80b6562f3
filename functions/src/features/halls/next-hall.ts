// A member's choice of next month's hall (issue 52, ADR 72): before the hostel's day of the
// month, within each hall's member limit, counted on `hallChoices/{hallId}_{month}` in the
// choosing transaction, so two members racing for a hall's last place meet there.
import { FieldValue } from 'firebase-admin/firestore';
import { hostelDate, shiftMonth, type NextHall } from '@hostelhub/contracts';
import { typed } from '../../lib/converters/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { chooseUntilDayOf, hallChoiceRef, hallSettingsRef, readHalls } from '../../lib/halls.js';
import { currentTime } from '../../lib/clock.js';
import { hostelTimeZone } from '../../config.js';
import { runContendedTransaction } from '../../lib/transactions.js';

/** PUT /user/next-hall: the hall `uid` eats at from next month; choosing again moves their place. */
export async function chooseNextHall(uid: string, hallId: string): Promise<NextHall> {
  const today = hostelDate(currentTime(), hostelTimeZone());
  // The day and the month from one reading of the clock: at a month's last midnight two
  // readings could name the 31st and the month after next.
  const month = shiftMonth(today.slice(0, 7), 1);
  return runContendedTransaction(
    async (transaction) => {
      const [profile, settings, halls] = await Promise.all([
        transaction.get(typed.users().doc(uid)),
        transaction.get(hallSettingsRef()),
        readHalls(transaction),
      ]);
      const stored = profile.data();
      if (!stored) throw notFound('No profile for this user');
      if (stored.role !== 'student') throw forbidden('Only residents choose the hall they eat at');
      const until = chooseUntilDayOf(settings.data());
      if (until === null) throw conflict('chooseUntilDay: this hostel sets each resident’s hall; ask an admin');
      if (Number(today.slice(8, 10)) > until) {
        throw conflict(`chooseUntilDay: the choice of ${month}'s hall closed on the ${until}th of this month`);
      }
      const hall = halls.find((each) => each._id === hallId);
      if (!hall) throw notFound('hallId: no such hall');
      const previous = stored.nextHall?.month === month ? stored.nextHall.hallId : null;
      if (previous === hallId) return { hallId, month };
      const [chosen, left] = await Promise.all([
        transaction.get(hallChoiceRef(hallId, month)),
        previous === null ? Promise.resolve(null) : transaction.get(hallChoiceRef(previous, month)),
      ]);
      const count = (chosen.data()?.count ?? 0) + 1;
      if (hall.memberLimit !== null && count > hall.memberLimit) {
        const members = hall.memberLimit === 1 ? 'member' : 'members';
        throw conflict(`memberLimit: ${hall.name} is full for ${month} (${hall.memberLimit} ${members})`);
      }
      transaction.set(hallChoiceRef(hallId, month), { hallId, month, count });
      if (left?.exists && previous !== null) {
        transaction.update(left.ref, { count: FieldValue.increment(-1) });
      }
      transaction.update(profile.ref, { nextHall: { hallId, month } });
      return { hallId, month };
    },
    { key: hallChoiceRef(hallId, month).path },
  );
}
