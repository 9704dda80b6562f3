import type { RequestStatus } from '@hostelhub/contracts';

const colours: Record<RequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-stone-200 text-stone-600',
};

/** A request's status in sentence case ("Pending"); the text stays the API's word. */
export function StatusPill({ status }: { status: RequestStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold first-letter:uppercase ${colours[status] ?? colours.pending}`}
    >
      {status}
    </span>
  );
}
