// The requests the browser makes of its own accord, left out of the bench's simulation
// (ADR 89). After the load event Chromium fetches the page's favicon, and for its install check
// the web app manifest and one of its icons. Lighthouse's simulation (Lantern) takes every
// request that ended before the paint it observed as one the paint may have waited for, and
// ties the paint's task to the request that ended just before it. On this host these three end
// within a few milliseconds of that paint, so a run counted them or not by chance: one more
// round trip, 755 or 905 ms for the same page, and a floor's median could land on either. No
// paint waits for them, on a phone or here.

/**
 * A request the browser started itself: the manifest (for its install check, whoever asked), or
 * any other that no document, script or style sheet started ("other").
 */
export function isBrowserFetch(sent) {
  return sent.type === 'Manifest' || (sent.initiator?.type === 'other' && sent.type !== 'Document');
}

/** A gathered run's DevTools log without the browser's own requests, each message of theirs dropped. */
export function withoutBrowserFetches(devtoolsLog) {
  const browserFetches = new Set(
    devtoolsLog
      .filter((entry) => entry.method === 'Network.requestWillBeSent' && isBrowserFetch(entry.params))
      .map((entry) => entry.params.requestId),
  );
  return devtoolsLog.filter(
    (entry) => !(entry.method?.startsWith('Network.') && browserFetches.has(entry.params?.requestId)),
  );
}
