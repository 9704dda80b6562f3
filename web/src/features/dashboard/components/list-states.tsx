// Loading, error and empty states of the dashboard's lists.
import { ApiRequestError } from '@/lib/api-client';

export function ListLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-slate-500">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-orange-500 border-t-transparent" aria-hidden />
      {label}
    </p>
  );
}

export function ListEmpty({ message }: { message: string }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-500">
      {message}
    </p>
  );
}

export function ListError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-4 text-red-800">
      <p>{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-2 font-medium underline">
          Try again
        </button>
      )}
    </div>
  );
}

/** The message of a failed call, for dialogs. */
export const messageOf = (error: unknown) =>
  error instanceof ApiRequestError || error instanceof Error ? error.message : 'Something went wrong.';
