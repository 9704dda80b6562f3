import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminOnly, adminProfile, staffOnly } from '../../lib/auth.js';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { route, serve } from '../../lib/route.js';
import { kitchenDay, productionSheetCsv } from './kitchen.js';
import { addServing, closeDay, copyWeek, deleteServing, reopenDay, updateServing } from './planning.js';
import { mealServings, readMenu } from './public-menu.js';
import { readEmailSettings, writeEmailSettings } from './weekly-menu-email.js';

/** The weekly menu (ADR 0029): public reads of the menu, the admins' planning and the kitchen's day. */
export const menuRouter = Router();

// The same for every visitor: the CDN may keep the anonymous answer (lib/http-cache.ts).
for (const { path } of [endpoints.menu, endpoints.mealServings]) menuRouter.get(path, shareWhenAnonymous);

serve(menuRouter, endpoints.menu, [], ({ query }) => readMenu(query));
serve(menuRouter, endpoints.mealServings, [], ({ params }) => mealServings(params.id));

serve(menuRouter, endpoints.addServing, adminOnly, ({ body }) => addServing(body));
serve(menuRouter, endpoints.updateServing, adminOnly, ({ params, body }) => updateServing(params.id, body));
serve(menuRouter, endpoints.deleteServing, adminOnly, ({ params }) => deleteServing(params.id));
serve(menuRouter, endpoints.closeDay, adminOnly, ({ params, body }, res) =>
  closeDay(params.date, body.note, adminProfile(res)._id),
);
serve(menuRouter, endpoints.reopenDay, adminOnly, ({ params }) => reopenDay(params.date));
serve(menuRouter, endpoints.copyWeek, adminOnly, ({ body }) => copyWeek(body.fromWeek, body.toWeek));

serve(menuRouter, endpoints.emailSettings, adminOnly, () => readEmailSettings());
serve(menuRouter, endpoints.updateEmailSettings, adminOnly, ({ body }) => writeEmailSettings(body));

/** GET /kitchen (kitchen staff and admins): JSON for the kitchen view; format=csv: the production sheet as a download. */
menuRouter.get(
  endpoints.kitchen.path,
  ...staffOnly,
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
