type LoadMoreProps = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** Fetches the next page of a cursor-paged list; hidden once the list is complete. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <button
        type="button"
        onClick={() => fetchNextPage()}
        disabled={isFetchingNextPage}
        className="btn-secondary btn-sm"
      >
        {isFetchingNextPage ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
