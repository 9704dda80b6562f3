import { useCallback, useEffect, useRef } from 'react';

type LoadMoreOptions = {
  /** False while a page is loading, after the last page, or after an error. */
  enabled: boolean;
  onLoadMore: () => void;
  /** Load when the bottom of the viewport passes this share of the page height. */
  threshold?: number;
  throttleMs?: number;
  /** Changes when more content arrived (e.g. the number of items), to check again. */
  contentKey?: unknown;
};

function scrolledPast(threshold: number) {
  const { scrollHeight } = document.documentElement;
  return window.scrollY + window.innerHeight >= scrollHeight * threshold;
}

/**
 * Infinite scrolling: load more once the viewport reaches 80% of the page height (early
 * enough that the next page is usually there before the reader is), checking scroll events
 * at most every 150 ms. Also checks whenever it becomes
 * enabled again or more content arrived, so a page shorter than the screen keeps filling itself.
 */
export function useLoadMoreOnScroll({
  enabled,
  onLoadMore,
  threshold = 0.8,
  throttleMs = 150,
  contentKey,
}: LoadMoreOptions) {
  const latest = useRef({ enabled, onLoadMore, threshold });
  useEffect(() => {
    latest.current = { enabled, onLoadMore, threshold };
  });

  useEffect(() => {
    if (enabled && scrolledPast(threshold)) onLoadMore();
  }, [enabled, onLoadMore, threshold, contentKey]);

  useEffect(() => {
    let lastRun = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      lastRun = Date.now();
      pending = undefined;
      const { enabled: on, onLoadMore: load, threshold: share } = latest.current;
      if (on && scrolledPast(share)) load();
    };
    const onScroll = () => {
      const wait = throttleMs - (Date.now() - lastRun);
      if (wait <= 0) check();
      else pending ??= setTimeout(check, wait);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (pending) clearTimeout(pending);
    };
  }, [throttleMs]);
}

type InfiniteList = {
  hasNextPage: boolean;
  isFetching: boolean;
  isError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * Infinite scrolling over an infinite query: its next page once the reader nears the end,
 * while there is one and nothing is loading or failed. `rowCount` is how many rows it shows.
 * Returns the call that loads the next page, for a "Load more" button.
 */
export function useNextPageOnScroll(list: InfiniteList, rowCount: number) {
  const { fetchNextPage } = list;
  const onLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useLoadMoreOnScroll({
    enabled: list.hasNextPage && !list.isFetching && !list.isError,
    onLoadMore,
    contentKey: rowCount,
  });
  return onLoadMore;
}
