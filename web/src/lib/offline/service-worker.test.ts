// The service worker's registration with the browser's own API (ADR 79): registered at the
// site's root, a waiting new version offered and told to take over only on the member's word,
// and the page reloaded once it has, never after a first install.
import { renderHook } from '@testing-library/react';
import { reloadIntoNewVersion, useNewVersionReady } from './new-version';
import { registerServiceWorker, skipWaitingMessage } from './service-worker';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function fakeBrowser({ controlled, waiting }: { controlled: boolean; waiting?: FakeWorker }) {
  const registration = new FakeRegistration();
  registration.waiting = waiting ?? null;
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker() : null,
    register: vi.fn(async () => registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  const reload = vi.fn();
  Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
  return { registration, container, reload };
}

describe('the service worker registration', () => {
  const location = window.location;
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Object.defineProperty(window, 'location', { value: location, configurable: true });
  });

  it('registers /sw.js at the root; a first install offers nothing and reloads nothing', async () => {
    const { registration, container, reload } = fakeBrowser({ controlled: false });
    const ready = renderHook(() => useNewVersionReady());
    await registerServiceWorker();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const worker = new FakeWorker();
    registration.find(worker);
    worker.install();
    container.dispatchEvent(new Event('controllerchange'));
    ready.rerender();
    expect(ready.result.current).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers a new version installed while the page is open; it takes over and reloads on the word', async () => {
    const { registration, container, reload } = fakeBrowser({ controlled: true });
    const ready = renderHook(() => useNewVersionReady());
    await registerServiceWorker();
    const worker = new FakeWorker();
    registration.find(worker);
    expect(ready.result.current).toBe(false);
    worker.install();
    ready.rerender();
    expect(ready.result.current).toBe(true);
    expect(worker.postMessage).not.toHaveBeenCalled();

    reloadIntoNewVersion();
    expect(worker.postMessage).toHaveBeenCalledWith(skipWaitingMessage);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a new version that was already waiting from an earlier visit', async () => {
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    fakeBrowser({ controlled: true, waiting });
    const ready = renderHook(() => useNewVersionReady());
    await registerServiceWorker();
    ready.rerender();
    expect(ready.result.current).toBe(true);
    reloadIntoNewVersion();
    expect(waiting.postMessage).toHaveBeenCalledWith(skipWaitingMessage);
  });
});
