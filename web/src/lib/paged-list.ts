import type { InfiniteData } from '@tanstack/react-query';

type CursorPage<T> = { items: T[]; nextCursor: string | null };

/** Rows per request for the dashboard's long lists. */
export const dashboardPageSize = 20;

export const firstCursor = null as string | null;
export const nextCursorOf = <T>(page: CursorPage<T>) => page.nextCursor;

/** Every loaded row of an infinite query, in order. */
export const rowsOf = <T>(data: InfiniteData<CursorPage<T>> | undefined): T[] =>
  data?.pages.flatMap((page) => page.items) ?? [];
