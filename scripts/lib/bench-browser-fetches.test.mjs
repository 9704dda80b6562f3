// The browser's own requests left out of the bench's simulation
// (scripts/lib/bench-browser-fetches.mjs, ADR 89): the bench is not part of CI, so the rule is
// checked here on a made-up page and DevTools log.
import { describe, expect, it } from 'vitest';
import { browserFetchUrls, withoutBrowserFetches } from './bench-browser-fetches.mjs';

const site = 'http://127.0.0.1:6100';

/** Every message a request leaves in the log: sent, answered, finished. */
const requestMessages = (requestId, path, type, initiator) => [
  {
    method: 'Network.requestWillBeSent',
    params: { requestId, type, initiator: { type: initiator }, request: { url: `${site}${path}` } },
  },
  { method: 'Network.responseReceived', params: { requestId, type } },
  { method: 'Network.loadingFinished', params: { requestId } },
];

const links = [
  { rel: 'icon', href: `${site}/logo.svg` },
  { rel: 'manifest', href: `${site}/manifest.webmanifest` },
  { rel: 'preload', href: `${site}/images/picture.svg` },
];
const urls = browserFetchUrls(links, (href) => (href.endsWith('/manifest.webmanifest') ? ['/icons/icon-192.png'] : []));

const log = [
  { method: 'Page.frameNavigated', params: { frame: { id: 'main' } } },
  ...requestMessages('page', '/menu', 'Document', 'other'),
  ...requestMessages('picture', '/images/picture.svg', 'Image', 'parser'),
  ...requestMessages('worker', '/assets/qr-worker.js', 'Other', 'other'),
  ...requestMessages('favicon', '/logo.svg', 'Other', 'other'),
  ...requestMessages('manifest', '/manifest.webmanifest', 'Manifest', 'other'),
  ...requestMessages('icon', '/icons/icon-192.png', 'Other', 'other'),
  ...requestMessages('page-icon', '/icons/icon-192.png', 'Image', 'parser'),
  { method: 'Page.loadEventFired', params: {} },
];

describe('the browser’s own requests in a gathered run', () => {
  it('are the page’s favicon and manifest links and the manifest’s icons', () => {
    expect([...urls].sort()).toEqual([
      `${site}/icons/icon-192.png`,
      `${site}/logo.svg`,
      `${site}/manifest.webmanifest`,
    ]);
  });

  it('lose every message, and the page’s own requests keep theirs, a worker the page started among them', () => {
    const kept = withoutBrowserFetches(log, urls);
    const requests = new Set(kept.map((entry) => entry.params.requestId).filter(Boolean));
    expect([...requests]).toEqual(['page', 'picture', 'worker', 'page-icon']);
    expect(kept.filter((entry) => entry.params.requestId === 'page')).toHaveLength(3);
    expect(kept.map((entry) => entry.method)).toEqual(
      expect.arrayContaining(['Page.frameNavigated', 'Page.loadEventFired']),
    );
  });
});
