// Loading, error and empty states of the dashboard's lists, from the site's shared pieces.
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Spinner } from '@/components/spinner';
import { ApiRequestError } from '@/lib/api-client';

export function ListLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} />
    </div>
  );
}

export const ListEmpty = ({ message }: { message: string }) => <EmptyState title={message} />;

export const ListError = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => (
  <ErrorState title="This list could not be loaded" error={error} onRetry={onRetry} />
);

/** The message of a failed call, for dialogs. */
export const messageOf = (error: unknown) =>
  error instanceof ApiRequestError || error instanceof Error ? error.message : 'Something went wrong.';
