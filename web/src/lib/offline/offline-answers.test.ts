// The answers kept for opening offline (ADR 79): a member's kept answers come back in a new
// page's cache, only the queries that are kept, and nothing of one member is left for the next.
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { forgetAnswersOffline, isKeptOffline, keepAnswersOffline } from './offline-answers';

const passes = { items: [{ requestId: 'req-1', pass: { shortCode: 'K7M2QX' } }] };
const menuKey = queryKeys.menu.range(undefined, 7);

/** Resolves once the answers that just arrived are written (the save waits for a page's answers). */
const saved = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('answers kept offline', () => {
  it("puts a member's kept answers back into a new page's cache, with when they arrived", async () => {
    const page = new QueryClient();
    const stop = keepAnswersOffline(page, 'ada');
    page.setQueryData(queryKeys.passes.offline, passes);
    page.setQueryData(menuKey, { days: [] });
    page.setQueryData(queryKeys.profile.of('ada'), { name: 'Ada' });
    // Not kept: an admin's list, and another account's profile.
    page.setQueryData(queryKeys.users.search(''), { items: ['someone'] });
    page.setQueryData(queryKeys.profile.of('bo'), { name: 'Bo' });
    await saved();
    stop();
    const arrived = page.getQueryState(queryKeys.passes.offline)!.dataUpdatedAt;

    // Online, nothing kept is used: every answer is asked afresh (a role changed since shows).
    const online = new QueryClient();
    keepAnswersOffline(online, 'ada')();
    expect(online.getQueryData(queryKeys.profile.of('ada'))).toBeUndefined();

    onlineManager.setOnline(false);
    const next = new QueryClient();
    keepAnswersOffline(next, 'ada')();
    expect(next.getQueryData(queryKeys.passes.offline)).toEqual(passes);
    expect(next.getQueryState(queryKeys.passes.offline)!.dataUpdatedAt).toBe(arrived);
    expect(next.getQueryData(menuKey)).toEqual({ days: [] });
    expect(next.getQueryData(queryKeys.profile.of('ada'))).toEqual({ name: 'Ada' });
    expect(next.getQueryData(queryKeys.users.search(''))).toBeUndefined();
    expect(next.getQueryData(queryKeys.profile.of('bo'))).toBeUndefined();
  });

  it("leaves a second member on the same browser nothing of the first's, and a sign-out nothing at all", async () => {
    const page = new QueryClient();
    const stop = keepAnswersOffline(page, 'ada');
    page.setQueryData(queryKeys.passes.offline, passes);
    await saved();
    stop();
    expect(Object.keys(localStorage)).toEqual(['hostelhub-offline:ada']);

    // Another member signs in here with no connection: the first's answers are deleted first.
    onlineManager.setOnline(false);
    const theirs = new QueryClient();
    keepAnswersOffline(theirs, 'bo')();
    expect(theirs.getQueryData(queryKeys.passes.offline)).toBeUndefined();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('hostelhub-offline:'))).toEqual([]);

    const again = new QueryClient();
    const stopAgain = keepAnswersOffline(again, 'bo');
    again.setQueryData(queryKeys.passes.offline, passes);
    await saved();
    stopAgain();
    forgetAnswersOffline();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('hostelhub-offline:'))).toEqual([]);
  });

  it("keeps the answers of pages opened in earlier loads beside this load's", async () => {
    const first = new QueryClient();
    const stopFirst = keepAnswersOffline(first, 'ada');
    first.setQueryData(queryKeys.passes.offline, passes);
    await saved();
    stopFirst();
    // The next page, a full load: an empty cache, then its own answers.
    const second = new QueryClient();
    const stopSecond = keepAnswersOffline(second, 'ada');
    second.setQueryData(queryKeys.requests.mine, { pages: [] });
    await saved();
    stopSecond();

    onlineManager.setOnline(false);
    const offline = new QueryClient();
    keepAnswersOffline(offline, 'ada')();
    expect(offline.getQueryData(queryKeys.passes.offline)).toEqual(passes);
    expect(offline.getQueryData(queryKeys.requests.mine)).toEqual({ pages: [] });
  });

  it('puts the kept answers back when the connection goes during a session', async () => {
    const page = new QueryClient();
    const stop = keepAnswersOffline(page, 'ada');
    page.setQueryData(queryKeys.passes.offline, passes);
    await saved();
    stop();

    const later = new QueryClient();
    const stopLater = keepAnswersOffline(later, 'ada');
    expect(later.getQueryData(queryKeys.passes.offline)).toBeUndefined();
    onlineManager.setOnline(false);
    expect(later.getQueryData(queryKeys.passes.offline)).toEqual(passes);
    stopLater();
  });

  it('writes the answers at once when the page is left or hidden within the wait, and not after a sign-out', () => {
    const keptNow = () => localStorage.getItem('hostelhub-offline:ada');
    /** A new page of Ada's whose pass has just arrived, its write still waiting; returns the stop. */
    const passJustArrived = () => {
      forgetAnswersOffline();
      const page = new QueryClient();
      const stop = keepAnswersOffline(page, 'ada');
      page.setQueryData(queryKeys.passes.offline, passes);
      return stop;
    };

    const stopLeft = passJustArrived();
    expect(keptNow()).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(keptNow()!)[0].data).toEqual(passes);
    stopLeft();

    const stopHidden = passJustArrived();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(JSON.parse(keptNow()!)[0].data).toEqual(passes);
    stopHidden();

    // Signed out within the wait: what was about to be kept is not written when the page goes.
    passJustArrived()();
    window.dispatchEvent(new Event('pagehide'));
    expect(keptNow()).toBeNull();
  });

  it('keeps the pass, the menu and the reservations, not what only an admin or a visit needs', () => {
    expect(isKeptOffline(queryKeys.passes.current, 'ada')).toBe(true);
    expect(isKeptOffline(queryKeys.requests.mine, 'ada')).toBe(true);
    expect(isKeptOffline(queryKeys.requests.reservations, 'ada')).toBe(true);
    expect(isKeptOffline(queryKeys.halls, 'ada')).toBe(true);
    expect(isKeptOffline(queryKeys.passes.pass('{"requestId":"r"}'), 'ada')).toBe(false);
    expect(isKeptOffline(queryKeys.requests.served.all, 'ada')).toBe(false);
    expect(isKeptOffline(queryKeys.menu.kitchen(undefined), 'ada')).toBe(false);
    expect(isKeptOffline(queryKeys.paymentHistory, 'ada')).toBe(false);
  });
});
