// The browser's own requests left out of the bench's simulation
// (scripts/lib/bench-browser-fetches.mjs, ADR 89): the bench is not part of CI, so the rule is
// checked here on a made-up DevTools log.
import { describe, expect, it } from 'vitest';
import { withoutBrowserFetches } from './bench-browser-fetches.mjs';

/** Every message a request leaves in the log: sent, answered, finished. */
const requestMessages = (requestId, type, initiator) => [
  { method: 'Network.requestWillBeSent', params: { requestId, type, initiator: { type: initiator } } },
  { method: 'Network.responseReceived', params: { requestId, type } },
  { method: 'Network.loadingFinished', params: { requestId } },
];

const log = [
  { method: 'Page.frameNavigated', params: { frame: { id: 'main' } } },
  ...requestMessages('page', 'Document', 'other'),
  ...requestMessages('picture', 'Image', 'parser'),
  ...requestMessages('module', 'Script', 'script'),
  ...requestMessages('favicon', 'Other', 'other'),
  ...requestMessages('manifest', 'Manifest', 'other'),
  ...requestMessages('manifest-again', 'Manifest', 'parser'),
  { method: 'Page.loadEventFired', params: {} },
];

describe('the browser’s own requests in a gathered run', () => {
  it('drops every message of the favicon and the manifest, and keeps the page’s own requests', () => {
    const kept = withoutBrowserFetches(log);
    const requests = new Set(kept.map((entry) => entry.params.requestId).filter(Boolean));
    expect([...requests]).toEqual(['page', 'picture', 'module']);
    expect(kept.filter((entry) => entry.params.requestId === 'page')).toHaveLength(3);
  });

  it('keeps every message that is not a request’s', () => {
    expect(withoutBrowserFetches(log).map((entry) => entry.method)).toEqual(
      expect.arrayContaining(['Page.frameNavigated', 'Page.loadEventFired']),
    );
  });
});
