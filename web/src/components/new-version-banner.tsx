import { reloadIntoNewVersion, useNewVersionReady } from '@/lib/offline/new-version';

/**
 * "A new version is ready": shown once a new build's service worker waits (ADR 79). The site
 * reloads into it only when the member says so, never in the middle of what they are doing.
 */
export function NewVersionBanner() {
  const ready = useNewVersionReady();
  if (!ready) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-xl bg-stone-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <p>A new version of HostelHub is ready.</p>
      <button type="button" className="btn-primary btn-sm" onClick={reloadIntoNewVersion}>
        Reload
      </button>
    </div>
  );
}
