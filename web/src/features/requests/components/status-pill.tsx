import type { RequestStatus } from '@hostelhub/contracts';

const colours: Record<RequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-stone-200 text-stone-600',
};

export function StatusPill({ status }: { status: RequestStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours[status] ?? colours.pending}`}>
      {status}
    </span>
  );
}
