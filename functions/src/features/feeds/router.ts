import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { handleRaw } from '../../lib/route.js';
import { menuCalendar } from './calendar.js';
import { readHallMenu } from './menu-feed.js';
import { openMensaFeed } from './openmensa.js';

/** The menu as feeds (ADR 77): a hall's next two weeks for calendar apps and for OpenMensa. */
export const feedsRouter = Router();

// The same for every reader, and fetched by apps on a schedule: the CDN keeps the anonymous
// answer as long as the public menu's (lib/http-cache.ts), so a popular feed costs one read of
// the menu per five minutes.
for (const { path } of [endpoints.menuCalendar, endpoints.openMensaFeed]) feedsRouter.get(path, shareWhenAnonymous);

handleRaw(feedsRouter, endpoints.menuCalendar, async ({ params }, _req, res) => {
  const calendar = menuCalendar(await readHallMenu(params.hall));
  res.set('Content-Type', 'text/calendar; charset=utf-8');
  res.status(200).send(calendar);
});

handleRaw(feedsRouter, endpoints.openMensaFeed, async ({ params }, _req, res) => {
  const feed = openMensaFeed(await readHallMenu(params.hall));
  res.set('Content-Type', 'application/xml; charset=utf-8');
  res.status(200).send(feed);
});
