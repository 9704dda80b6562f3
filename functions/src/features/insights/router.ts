import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { requireAdmin, requireUser } from '../../lib/auth.js';
import { route } from '../../lib/route.js';
import { sendMembersCsv, sendPaymentsCsv } from './exports.js';
import { readInsights } from './service.js';

/** The manager's insights and the accounts' exports (ADR 0036): admins only. */
export const insightsRouter = Router();

const adminOnly = [requireUser, requireAdmin];

insightsRouter.get(
  endpoints.insights.path,
  ...adminOnly,
  route(endpoints.insights, async ({ query }, _req, res) => {
    res.json(await readInsights(query));
  }),
);

/** Both exports answer text/csv with the contract's header row, streamed a page at a time. */
insightsRouter.get(
  endpoints.paymentsExport.path,
  ...adminOnly,
  route(endpoints.paymentsExport, async ({ query }, _req, res) => {
    await sendPaymentsCsv(res, query.from, query.to);
  }),
);

insightsRouter.get(
  endpoints.membersExport.path,
  ...adminOnly,
  route(endpoints.membersExport, async (_input, _req, res) => {
    await sendMembersCsv(res);
  }),
);
