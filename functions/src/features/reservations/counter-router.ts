import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile, caller } from '../../lib/auth.js';
import { handle } from '../../lib/route.js';
import { createPass, currentPasses, offlinePasses } from './passes.js';
import { redeemPass } from './redemption.js';
import { actorOf } from '../../lib/admin-actions.js';

/**
 * The counter (ADR 0034): members' meal passes, and staff serving them.
 * A pass stands for a reservation, and redeeming one serves it.
 */
export const counterRouter = Router();

/** GET /passes/current: the caller's reservations whose pass may be shown now. */
handle(counterRouter, endpoints.currentPasses, (_input, res) => currentPasses(caller(res).uid));

/** GET /passes/offline: the caller's passes of the next day, signed to be shown offline (ADR 79). */
handle(counterRouter, endpoints.offlinePasses, (_input, res) => offlinePasses(caller(res).uid));

/** POST /passes: a signed pass for one's own reservation, or a walk-in pass. */
handle(counterRouter, endpoints.createPass, ({ body }, res) => createPass(caller(res), body));

/** POST /redemptions (kitchen staff and admins): serve the holder of a pass, once. */
handle(counterRouter, endpoints.redeemPass, ({ body }, res) =>
  redeemPass(body, { uid: caller(res).uid, name: adminProfile(res).name }, undefined, actorOf(adminProfile(res))),
);
