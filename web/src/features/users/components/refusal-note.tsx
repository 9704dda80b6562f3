import { ApiRequestError } from '@/lib/api-client';

/** What the API said when it refused, or a plain "try again" for anything else. */
const messageOf = (error: unknown) =>
  error instanceof ApiRequestError || error instanceof Error ? error.message : 'Please try again in a moment.';

/** A settings form's refused change, read out when it appears: "Not saved: <the API's reason>". */
export function RefusalNote({ what, error, className = '' }: { what: string; error: unknown; className?: string }) {
  return (
    <p role="alert" className={`rounded-lg bg-red-50 p-3 text-sm text-red-800 ${className}`}>
      {what}: {messageOf(error)}
    </p>
  );
}
