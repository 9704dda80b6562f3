// The requests the browser makes of its own accord, left out of the bench's simulation
// (ADR 89). After the load event Chromium fetches the page's favicon, and for its install check
// the web app manifest and one of its icons. Lighthouse's simulation (Lantern) takes every
// request that ended before the paint it observed as one the paint may have waited for, and
// ties the paint's task to the request that ended just before it. On this host these three end
// within a few milliseconds of that paint, so a run counted them or not by chance: one more
// round trip, 755 or 905 ms for the same page, and a floor's median could land on either. No
// paint waits for them, on a phone or here.

/** The rels whose links the browser fetches for itself: the favicon and the manifest. */
const browserRels = new Set(['icon', 'shortcut icon', 'apple-touch-icon', 'manifest']);

/**
 * The addresses the browser fetches for itself on a page: its icon and manifest links
 * (Lighthouse's `LinkElements`), and the icons `manifestIcons(href)` names for each manifest.
 */
export function browserFetchUrls(linkElements, manifestIcons) {
  const urls = new Set();
  for (const link of linkElements ?? []) {
    if (!browserRels.has(link.rel?.toLowerCase())) continue;
    urls.add(link.href);
    if (link.rel === 'manifest') for (const icon of manifestIcons(link.href)) urls.add(new URL(icon, link.href).href);
  }
  return urls;
}

/**
 * A gathered run's DevTools log without the browser's own requests: every message of a request
 * the browser started itself ("other": no document, script or style sheet did) for one of `urls`.
 */
export function withoutBrowserFetches(devtoolsLog, urls) {
  const browserFetches = new Set(
    devtoolsLog
      .filter(
        (entry) =>
          entry.method === 'Network.requestWillBeSent' &&
          entry.params.initiator?.type === 'other' &&
          urls.has(entry.params.request?.url),
      )
      .map((entry) => entry.params.requestId),
  );
  return devtoolsLog.filter(
    (entry) => !(entry.method?.startsWith('Network.') && browserFetches.has(entry.params?.requestId)),
  );
}
