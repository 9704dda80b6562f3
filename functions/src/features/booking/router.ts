import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { hostelDate } from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { adminProfile, caller } from '../../lib/auth.js';
import { currentTime } from '../../lib/clock.js';
import { skipsOfMemberFrom } from '../../lib/default-booking.js';
import { loadProfile } from '../../lib/profiles.js';
import { handle } from '../../lib/route.js';
import { cancelLeave, decideLeave } from './leave-decisions.js';
import { applyForLeave, listLeaves } from './leaves.js';
import { mealSettings, writeMealSettings } from './settings.js';
import { actorOf } from '../../lib/admin-actions.js';

/** The most skips GET /my-skips lists: two weeks of menu, every slot. */
const maxSkipsListed = 60;

/** Booking by default and leave (ADR 74): the hostel's rules, and members' leave. */
export const bookingRouter = Router();

handle(bookingRouter, endpoints.mealSettings, () => mealSettings());
handle(bookingRouter, endpoints.updateMealSettings, ({ body }, res) =>
  writeMealSettings(body, actorOf(adminProfile(res))),
);
handle(bookingRouter, endpoints.applyForLeave, ({ body }, res) => applyForLeave(caller(res), body));
// The role is the profile's now, as every role check is (lib/auth.ts).
handle(bookingRouter, endpoints.leaves, async ({ query }, res) => {
  const { uid } = caller(res);
  return listLeaves(uid, (await loadProfile(uid))?.role === 'admin', query);
});
handle(bookingRouter, endpoints.mySkips, async (_input, res) => {
  const today = hostelDate(currentTime(), hostelTimeZone());
  const skips = await skipsOfMemberFrom(caller(res).uid, today).limit(maxSkipsListed).get();
  return { servingIds: skips.docs.map((doc) => doc.data().servingId) };
});
handle(bookingRouter, endpoints.decideLeave, ({ params, body }, res) =>
  decideLeave(params.id, body, actorOf(adminProfile(res))),
);
handle(bookingRouter, endpoints.cancelLeave, ({ params }, res) => cancelLeave(params.id, caller(res).uid));
