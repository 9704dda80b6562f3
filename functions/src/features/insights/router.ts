import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminOnly } from '../../lib/auth.js';
import { route, serve } from '../../lib/route.js';
import { sendMembersCsv, sendPaymentsCsv } from './exports.js';
import { readInsights } from './service.js';

/** The manager's insights and the accounts' exports (ADR 0036): admins only. */
export const insightsRouter = Router();

serve(insightsRouter, endpoints.insights, adminOnly, ({ query }) => readInsights(query));

/** Both exports answer text/csv with the contract's header row, streamed a page at a time. */
insightsRouter.get(
  endpoints.paymentsExport.path,
  ...adminOnly,
  route(endpoints.paymentsExport, ({ query }, _req, res) => sendPaymentsCsv(res, query.from, query.to)),
);
insightsRouter.get(
  endpoints.membersExport.path,
  ...adminOnly,
  route(endpoints.membersExport, (_input, _req, res) => sendMembersCsv(res)),
);
