// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// The menu as feeds (ADR 77): a hall's next two weeks for calendar apps (iCalendar) and for
// OpenMensa (its XML feed v2.1), fetched by those apps, never by the site's own code.
import { answer, type Route } from './route.js';

export const feedRoutes = {
  menuCalendar: {
    method: 'get',
    path: '/feeds/:hall/menu.ics',
    access: 'public',
    answer: answer('text/calendar'),
    also: [404],
  },
  openMensaFeed: {
    method: 'get',
    path: '/feeds/:hall/openmensa.xml',
    access: 'public',
    answer: answer('application/xml'),
    also: [404],
  },
} as const satisfies Record<string, Route>;
