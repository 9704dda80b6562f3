import type { LiveStatus } from '@/lib/live/live-status';

const dotClass = { live: 'bg-emerald-500', paused: 'bg-amber-500', connecting: 'bg-stone-300' } as const;
const text = { live: 'Live', paused: 'Live updates paused', connecting: 'Connecting…' } as const;

/**
 * A quiet line saying whether a list follows the database live. A status region, so that a
 * pause (and the recovery) is announced without taking focus; nothing when there is no live data.
 */
export function LiveStatusNote({ status }: { status: LiveStatus }) {
  if (status === 'off') return null;
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 text-xs text-stone-500"
      title={
        status === 'paused'
          ? 'The list shows what was last loaded and catches up when the connection is back.'
          : undefined
      }
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${dotClass[status]}`} />
      {text[status]}
    </p>
  );
}
