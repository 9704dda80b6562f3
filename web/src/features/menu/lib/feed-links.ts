import { endpointPath, routes } from '@hostelhub/contracts';
import { env } from '@/lib/env';

/**
 * A hall's menu feed (ADR 77): the API's address, which a calendar app or OpenMensa fetches
 * on its own, without the site, so a link rather than a call of the API client.
 */
export const menuFeedUrl = (feed: 'menuCalendar' | 'openMensaFeed', hallId: string) =>
  `${env.apiUrl}${endpointPath(routes[feed].path, { hall: hallId })}`;
