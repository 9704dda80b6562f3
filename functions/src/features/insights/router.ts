import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { handle, handleRaw } from '../../lib/route.js';
import { sendMembersCsv, sendPaymentsCsv } from './exports.js';
import { readInsights } from './service.js';

/** The manager's insights and the accounts' exports (ADR 0036): admins only. */
export const insightsRouter = Router();

handle(insightsRouter, endpoints.insights, ({ query }) => readInsights(query));

/** Both exports answer text/csv with the contract's header row, streamed a page at a time. */
handleRaw(insightsRouter, endpoints.paymentsExport, ({ query }, _req, res) =>
  sendPaymentsCsv(res, query.from, query.to, query.hall),
);
handleRaw(insightsRouter, endpoints.membersExport, ({ query }, _req, res) => sendMembersCsv(res, query.hall));
