import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller } from '../../lib/auth.js';
import { handle } from '../../lib/route.js';
import { readStandingReservations, setStandingReservations } from './service.js';

/** Standing reservations (ADR 74): a member's weekly pattern, reserved by the daily job. */
export const standingRouter = Router();

handle(standingRouter, endpoints.standingReservations, (_input, res) => readStandingReservations(caller(res).uid));
handle(standingRouter, endpoints.setStandingReservations, ({ body }, res) =>
  setStandingReservations(caller(res), body.pattern),
);
