import { defaultHostelTimeZone } from '@hostelhub/contracts';
import { useHostelTimeZone } from '@/lib/menu-query';
import { useOnline } from '@/lib/offline/online';
import { formatHostelTime } from '@/lib/serving-format';

/**
 * "Offline · last updated 12:05": said on a page shown from the answers kept on this phone
 * while there is no connection (ADR 79), with the time its answer arrived. Nothing online.
 */
export function OfflineNote({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  const timeZone = useHostelTimeZone(!online) ?? defaultHostelTimeZone;
  if (online) return null;
  return (
    <p role="status" className="my-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      Offline
      {updatedAt > 0 && <> · last updated {formatHostelTime(new Date(updatedAt).toISOString(), timeZone)}</>}
    </p>
  );
}
