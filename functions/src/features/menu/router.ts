import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile } from '../../lib/auth.js';
import { typed } from '../../lib/converters/index.js';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { handle, handleRaw } from '../../lib/route.js';
import { kitchenDay, productionSheetCsv } from './kitchen.js';
import { closeDay, reopenDay } from './closed-days.js';
import { copyWeek } from './copy-week.js';
import { addServing, deleteServing, updateServing } from './planning.js';
import { mealServings } from './public-menu.js';
import { readMenu } from '../../lib/menu.js';
import { readEmailSettings, writeEmailSettings } from './weekly-menu-email.js';
import { actorOf } from '../../lib/admin-actions.js';

/** The weekly menu (ADR 0029): public reads of the menu, the admins' planning and the kitchen's day. */
export const menuRouter = Router();

// The same for every visitor: the CDN may keep the anonymous answer (lib/http-cache.ts).
for (const { path } of [endpoints.menu, endpoints.mealServings]) menuRouter.get(path, shareWhenAnonymous);

handle(menuRouter, endpoints.menu, ({ query }) => readMenu(query));
handle(menuRouter, endpoints.mealServings, ({ params }) => mealServings(params.id));

handle(menuRouter, endpoints.addServing, ({ body }, res) => addServing(body, actorOf(adminProfile(res))));
handle(menuRouter, endpoints.updateServing, ({ params, body }, res) =>
  updateServing(params.id, body, actorOf(adminProfile(res))),
);
handle(menuRouter, endpoints.deleteServing, ({ params }, res) => deleteServing(params.id, actorOf(adminProfile(res))));
handle(menuRouter, endpoints.closeDay, ({ params, body }, res) =>
  closeDay(params.date, body.note, actorOf(adminProfile(res))),
);
handle(menuRouter, endpoints.reopenDay, ({ params }, res) => reopenDay(params.date, actorOf(adminProfile(res))));
handle(menuRouter, endpoints.copyWeek, ({ body }) => copyWeek(body));

handle(menuRouter, endpoints.emailSettings, () => readEmailSettings());
handle(menuRouter, endpoints.updateEmailSettings, ({ body }, res) =>
  writeEmailSettings(body, actorOf(adminProfile(res))),
);

/** GET /kitchen (kitchen staff and admins): JSON for the kitchen view; format=csv: the production sheet as a download. */
handleRaw(menuRouter, endpoints.kitchen, async ({ query }, _req, res) => {
  const profile = adminProfile(res);
  // Staff see the halls they work at (ADR 72); admins, and staff assigned none, every hall.
  const worksAt = profile.role === 'staff' ? ((await typed.users().doc(profile._id).get()).data()?.hallIds ?? []) : [];
  const day = await kitchenDay(query.date, query.hall, worksAt);
  if (query.format === 'csv') {
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="production-sheet-${day.date}.csv"`);
    res.status(200).end(productionSheetCsv(day, query.margin));
    return;
  }
  res.json(day);
});
