import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile, caller, requireStaff, requireUser } from '../../lib/auth.js';
import { route } from '../../lib/route.js';
import { createPass, currentPasses, redeemPass } from './counter.js';

/**
 * The counter (ADR 0034): members' meal passes, and staff serving them. Part of the requests
 * feature: a pass stands for a reservation, and redeeming one serves it.
 */
export const counterRouter = Router();

/** GET /passes/current: the caller's reservations whose pass may be shown now. */
counterRouter.get(
  endpoints.currentPasses.path,
  requireUser,
  route(endpoints.currentPasses, async (_input, _req, res) => {
    res.json(await currentPasses(caller(res).uid));
  }),
);

/** POST /passes: a signed pass for one's own reservation, or a walk-in pass. */
counterRouter.post(
  endpoints.createPass.path,
  requireUser,
  route(endpoints.createPass, async ({ body }, _req, res) => {
    res.status(201).json(await createPass(caller(res), body));
  }),
);

/** POST /redemptions (kitchen staff and admins): serve the holder of a pass, once. */
counterRouter.post(
  endpoints.redeemPass.path,
  requireUser,
  requireStaff,
  route(endpoints.redeemPass, async ({ body }, _req, res) => {
    res.status(201).json(await redeemPass(body, { uid: caller(res).uid, name: adminProfile(res).name }));
  }),
);
