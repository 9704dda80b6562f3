import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { Spinner } from './spinner';

function ListLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} />
    </div>
  );
}

const ListEmpty = ({ message }: { message: string }) => <EmptyState title={message} />;

const ListError = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => (
  <ErrorState title="This list could not be loaded" error={error} onRetry={onRetry} />
);

type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** Shows the list's loading, error or empty state, or the list itself once it has rows. */
export function ListStates({
  query,
  isEmpty,
  emptyMessage,
  children,
}: {
  query: ListQuery;
  isEmpty: boolean;
  emptyMessage: string;
  children: ReactNode;
}) {
  if (query.isPending) return <ListLoading />;
  if (query.isError) return <ListError error={query.error} onRetry={() => query.refetch()} />;
  if (isEmpty) return <ListEmpty message={emptyMessage} />;
  return <>{children}</>;
}
