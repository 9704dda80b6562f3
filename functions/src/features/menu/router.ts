import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile, requireAdmin, requireStaff, requireUser } from '../../lib/auth.js';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { route } from '../../lib/route.js';
import {
  addServing,
  closeDay,
  copyWeek,
  deleteServing,
  kitchenDay,
  mealServings,
  productionSheetCsv,
  readMenu,
  reopenDay,
  updateServing,
} from './service.js';

/** The weekly menu (ADR 0029): public reads of the menu, the admins' planning and the kitchen's day. */
export const menuRouter = Router();

const adminOnly = [requireUser, requireAdmin];

// The same for every visitor: the CDN may keep the anonymous answer (lib/http-cache.ts).
for (const { path } of [endpoints.menu, endpoints.mealServings]) menuRouter.get(path, shareWhenAnonymous);

menuRouter.get(
  endpoints.menu.path,
  route(endpoints.menu, async ({ query }, _req, res) => {
    res.json(await readMenu(query));
  }),
);

menuRouter.get(
  endpoints.mealServings.path,
  route(endpoints.mealServings, async ({ params }, _req, res) => {
    res.json(await mealServings(params.id));
  }),
);

menuRouter.post(
  endpoints.addServing.path,
  ...adminOnly,
  route(endpoints.addServing, async ({ body }, _req, res) => {
    res.status(201).json(await addServing(body));
  }),
);

menuRouter.patch(
  endpoints.updateServing.path,
  ...adminOnly,
  route(endpoints.updateServing, async ({ params, body }, _req, res) => {
    res.json(await updateServing(params.id, body));
  }),
);

menuRouter.delete(
  endpoints.deleteServing.path,
  ...adminOnly,
  route(endpoints.deleteServing, async ({ params }, _req, res) => {
    res.json(await deleteServing(params.id));
  }),
);

menuRouter.put(
  endpoints.closeDay.path,
  ...adminOnly,
  route(endpoints.closeDay, async ({ params, body }, _req, res) => {
    res.json(await closeDay(params.date, body.note, adminProfile(res)._id));
  }),
);

menuRouter.delete(
  endpoints.reopenDay.path,
  ...adminOnly,
  route(endpoints.reopenDay, async ({ params }, _req, res) => {
    res.json(await reopenDay(params.date));
  }),
);

menuRouter.post(
  endpoints.copyWeek.path,
  ...adminOnly,
  route(endpoints.copyWeek, async ({ body }, _req, res) => {
    res.status(201).json(await copyWeek(body.fromWeek, body.toWeek));
  }),
);

/** GET /kitchen (kitchen staff and admins): JSON for the kitchen view; format=csv: the production sheet as a download. */
menuRouter.get(
  endpoints.kitchen.path,
  requireUser,
  requireStaff,
  route(endpoints.kitchen, async ({ query }, _req, res) => {
    const day = await kitchenDay(query.date);
    if (query.format === 'csv') {
      res.set('Content-Type', 'text/csv; charset=utf-8');
      res.set('Content-Disposition', `attachment; filename="production-sheet-${day.date}.csv"`);
      res.status(200).end(productionSheetCsv(day, query.margin));
      return;
    }
    res.json(day);
  }),
);
