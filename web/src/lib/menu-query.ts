// GET /menu and GET /meal/{id}/servings: the public menu, read by the menu page, the home
// page's "Today at the hostel", the meal page and the admin's planner.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, menuDefaultDays } from '@hostelhub/contracts';
import { fetchEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/**
 * `days` days from `from` (today on the hostel's calendar when absent). Signed in, the token
 * goes with it, so the API answers `private, no-store`: a member who just reserved and an
 * admin who just planned read the places as they are now, never a visitor's copy that the
 * browser may keep for 30 s. The menu page's first read (the default week) is made by the
 * server that renders the page (app/server-reads.ts).
 */
export const menuQueryOptions = (from: string | undefined, days: number = menuDefaultDays, hall?: string) =>
  queryOptions({
    queryKey: queryKeys.menu.range(from, days, hall),
    queryFn: ({ signal }) =>
      fetchEndpoint(routes.menu, {
        query: { from, days: days === menuDefaultDays ? undefined : days, hall },
        signal,
      }),
  });

/** The menu from `from`; one hall's (ADR 72) when `hall` is given, every hall's otherwise. */
export const useMenu = (from: string | undefined, days?: number, hall?: string, enabled = true) =>
  useQuery({ ...menuQueryOptions(from, days, hall), enabled });

/** Today's menu (the home page), which also says the hostel's time zone. */
export const todayMenuQueryOptions = () => menuQueryOptions(undefined, 1);

/** The hostel's time zone, from today's menu (shared with the home page); undefined until known. */
export const useHostelTimeZone = (enabled = true) =>
  useQuery({ ...todayMenuQueryOptions(), enabled, select: (menu) => menu.timeZone }).data;

/** A meal's next servings. */
export const mealServingsQueryOptions = (mealId: string) =>
  queryOptions({
    queryKey: queryKeys.menu.ofMeal(mealId),
    queryFn: ({ signal }) => fetchEndpoint(routes.mealServings, { params: { id: mealId }, signal }),
  });
