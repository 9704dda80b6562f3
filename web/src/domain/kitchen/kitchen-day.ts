// A kitchen day (GET /kitchen): its servings with their counts, the counts followed live from
// the servings' documents (ADR 16). The kitchen view and the counter both show it.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { QueryDocumentSnapshot } from 'firebase/firestore';
import { countedOf, firstHallId, routes, type KitchenDay, type KitchenServing } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { servingsOfDayQuery } from '@/lib/live/live-queries';
import type { LiveStatus } from '@/lib/live/live-status';
import { useLiveQuery } from '@/lib/live/use-live-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * `date` undefined: today on the hostel's calendar (the answer says which day that is);
 * `hall`: one hall's servings (ADR 72), every hall's the caller works at when absent.
 */
export const useKitchenDay = (date: string | undefined, hall?: string) =>
  useQuery({
    queryKey: queryKeys.menu.kitchen(date, hall),
    queryFn: ({ signal }) => fetchEndpoint(routes.kitchen, { query: { date, ...(hall ? { hall } : {}) }, signal }),
  });

type LiveCounts = {
  _id: string;
  hallId: string;
  reserved: number;
  served: number;
  skipped: number;
  capacity: number | null;
};

const countOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const liveCountsFrom = (doc: QueryDocumentSnapshot): LiveCounts => {
  const data = doc.data();
  return {
    _id: doc.id,
    hallId: typeof data.hallId === 'string' ? data.hallId : firstHallId,
    reserved: countOf(data.reserved),
    served: countOf(data.served),
    skipped: countOf(data.skipped),
    capacity: typeof data.capacity === 'number' ? data.capacity : null,
  };
};

/**
 * The day's servings with reserved, served and capacity as the database holds them now: the
 * API's rows with the listener's counts laid over them. A serving the API has not sent (just
 * planned) makes it read the day again, once per set of new servings.
 */
export function useLiveKitchenServings(
  day: {
    data: KitchenDay | undefined;
    isFetching: boolean;
    refetch: () => unknown;
  },
  halls: readonly string[] = [],
): { servings: KitchenServing[]; status: LiveStatus } {
  const date = day.data?.date ?? null;
  const live = useLiveQuery(
    date ? `servings:${date}` : null,
    (db) => servingsOfDayQuery(db, date ?? ''),
    liveCountsFrom,
  );
  // The listener hears every hall's servings of the day; the page shows those of `halls` (all when none).
  const liveRows = live.rows?.filter((row) => halls.length === 0 || halls.includes(row.hallId));
  const apiServings = day.data?.servings ?? [];
  const known = new Set(apiServings.map((serving) => serving._id));
  const liveIds = (liveRows ?? []).map((row) => row._id);
  const missing = day.data ? liveIds.filter((id) => !known.has(id)).join(',') : '';
  const gone = liveRows ? apiServings.some((serving) => !liveIds.includes(serving._id)) : false;
  const asked = useRef('');
  const { isFetching, refetch } = day;
  const change = missing || (gone ? `gone:${liveIds.join(',')}` : '');
  useEffect(() => {
    if (!change || isFetching || asked.current === change) return;
    asked.current = change;
    void refetch();
  }, [change, isFetching, refetch]);

  const counts = new Map((liveRows ?? []).map((row) => [row._id, row]));
  const servings = apiServings
    .filter((serving) => !liveRows || counts.has(serving._id))
    .map((serving) => {
      const now = counts.get(serving._id);
      if (!now) return serving;
      // Under default booking (ADR 74) the live skips move the count too; leave is the API's.
      const moved = { ...serving, reserved: now.reserved, skipped: serving.members === null ? 0 : now.skipped };
      return { ...moved, served: now.served, capacity: now.capacity, counted: countedOf(moved) };
    });
  return { servings, status: live.status };
}
