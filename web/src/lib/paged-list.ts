import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';

type CursorPage<T> = { items: T[]; nextCursor: string | null };

/** Rows per request for the dashboard's long lists. */
export const dashboardPageSize = 20;

export const firstCursor = null as string | null;
export const nextCursorOf = <T>(page: CursorPage<T>) => page.nextCursor;

/**
 * How a list is read a page at a time, for `infiniteQueryOptions`: `readPage` reads the page
 * after `cursor` (null: the first), and the next page starts at the cursor the last one gave.
 */
export const pagedByCursor = <Page extends CursorPage<unknown>>(
  readPage: (cursor: string | null, signal: AbortSignal) => Promise<Page>,
) => ({
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => readPage(pageParam, signal),
  initialPageParam: firstCursor,
  getNextPageParam: (page: Page) => page.nextCursor,
});

/** The options of a list read a page at a time under `queryKey` (see `pagedByCursor`). */
export const pagedListOptions = <Page extends CursorPage<unknown>, Key extends QueryKey>(
  queryKey: Key,
  readPage: (cursor: string | null, signal: AbortSignal) => Promise<Page>,
) => infiniteQueryOptions({ queryKey, ...pagedByCursor(readPage) });

/** Every loaded row of an infinite query, in order. */
export const rowsOf = <T>(data: InfiniteData<CursorPage<T>> | undefined): T[] =>
  data?.pages.flatMap((page) => page.items) ?? [];
