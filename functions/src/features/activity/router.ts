import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { handle, handleRaw } from '../../lib/route.js';
import { listAdminActions, sendAdminActionsCsv } from './service.js';

/** The audit log (ADR 78): read by admins; nothing here writes or changes an entry. */
export const activityRouter = Router();

handle(activityRouter, endpoints.adminActions, ({ query }) => listAdminActions(query));
handleRaw(activityRouter, endpoints.adminActionsExport, ({ query }, _req, res) => sendAdminActionsCsv(res, query));
