import { useLayoutEffect } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { liftKeptPassPage } from '@/lib/offline/kept-pass-page';

type ErrorStateProps = {
  title?: string;
  error?: unknown;
  onRetry?: () => void;
};

/** Shown when a load failed, for example while the API is down; offers to try again. */
export function ErrorState({ title = 'Something went wrong', error, onRetry }: ErrorStateProps) {
  const detail =
    error instanceof ApiRequestError || error instanceof Error ? error.message : 'Please try again in a moment.';
  // A failure is never hidden under the pass page kept on the phone (ADR 86).
  useLayoutEffect(liftKeptPassPage, []);
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <p className="text-lg font-semibold text-red-800">{title}</p>
      <p className="text-sm text-red-700">{detail}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="btn-secondary">
          Try again
        </button>
      )}
    </div>
  );
}
