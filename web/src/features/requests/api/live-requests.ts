// The first page of each request list, followed live from Firestore (ADR 16). Rows keep the
// API's shape (`RequestedMeal`): the request's own fields come from the listener, the meal's
// like and review counts from the API's rows, which are fetched again when the listener shows
// a request the API has not sent yet.
import { useEffect, useRef } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { QueryDocumentSnapshot } from 'firebase/firestore';
import { requestStatusOnTheWire, type Page, type RequestedMeal } from '@hostelhub/contracts';
import { useSession } from '@/lib/auth';
import { ownRequestsQuery, pendingQueueQuery, requestHistoryQuery } from '@/lib/live/live-queries';
import { isoOf, unknownIds, withLiveFirstPage } from '@/lib/live/live-rows';
import type { LiveStatus } from '@/lib/live/live-status';
import { useLiveQuery, type LiveRows } from '@/lib/live/use-live-query';
import { dashboardPageSize } from '@/lib/paged-list';

/** A request as its document stores it: everything of a row but the meal's counts. */
export type LiveRequest = Omit<RequestedMeal, 'likes' | 'reviews_count'>;

export function liveRequestFrom(doc: QueryDocumentSnapshot): LiveRequest {
  const data = doc.data();
  return {
    _id: doc.id,
    mealId: String(data.mealId ?? ''),
    title: String(data.mealTitle ?? ''),
    status: requestStatusOnTheWire(data.status),
    userEmail: String(data.userEmail ?? ''),
    userName: String(data.userName ?? ''),
    requestedAt: isoOf(data.requestedAt),
    servedAt: isoOf(data.servedAt),
    cancelledAt: isoOf(data.cancelledAt),
    priority: data.priority === true,
  };
}

/** The caller's own requests (Requested Meals), for admins too. */
export const useLiveOwnRequests = () => {
  const uid = useSession().user?.uid ?? null;
  return useLiveQuery(
    uid ? `requests:own:${uid}` : null,
    (db) => ownRequestsQuery(db, uid ?? '', dashboardPageSize),
    liveRequestFrom,
  );
};

/** Served and cancelled requests, newest first (Serve Meals' history). */
export const useLiveRequestHistory = (enabled: boolean) =>
  useLiveQuery(
    enabled ? 'requests:history' : null,
    (db) => requestHistoryQuery(db, dashboardPageSize),
    liveRequestFrom,
  );

/** The pending queue (Serve Meals). */
export const useLivePendingQueue = (enabled: boolean) =>
  useLiveQuery(enabled ? 'requests:queue' : null, (db) => pendingQueueQuery(db, dashboardPageSize), liveRequestFrom);

/**
 * A live request as a row: the title and counts of the API's row for it, else the counts of
 * another row of the same meal, else none yet (the API's rows are being fetched again).
 */
export function toRow(request: LiveRequest, apiRows: Map<string, RequestedMeal>, byMeal: Map<string, RequestedMeal>) {
  const known = apiRows.get(request._id) ?? byMeal.get(request.mealId);
  return {
    ...request,
    title: apiRows.get(request._id)?.title ?? (request.title || known?.title || ''),
    // The serving's times are the API's (the request's document names only its date and slot).
    serving: apiRows.get(request._id)?.serving ?? null,
    likes: known?.likes ?? 0,
    reviews_count: known?.reviews_count ?? 0,
  };
}

type ApiList = {
  data: InfiniteData<Page<RequestedMeal>> | undefined;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * The rows to show: the API's pages with the first one replaced by the live rows (see
 * withLiveFirstPage), and the API's pages fetched again when a live request is new to them.
 */
export function useLiveRequestRows(
  api: ApiList,
  live: LiveRows<LiveRequest>,
  mode: 'newest-first' | 'queue',
): { rows: RequestedMeal[]; status: LiveStatus } {
  const apiPages = api.data?.pages.map((page) => page.items) ?? [];
  const apiRows = apiPages.flat();
  const missing = api.data ? unknownIds(live.rows, apiRows).join(',') : '';
  const asked = useRef('');
  const { isFetching, refetch } = api;
  useEffect(() => {
    // Once per set of unknown ids: a request the API cannot see yet is not asked for forever.
    if (!missing || isFetching || asked.current === missing) return;
    asked.current = missing;
    void refetch();
  }, [missing, isFetching, refetch]);

  const byId = new Map(apiRows.map((row) => [row._id, row]));
  const byMeal = new Map(apiRows.map((row) => [row.mealId, row]));
  const liveRows = live.rows?.map((request) => toRow(request, byId, byMeal));
  return { rows: withLiveFirstPage(apiPages, liveRows, mode), status: live.status };
}
