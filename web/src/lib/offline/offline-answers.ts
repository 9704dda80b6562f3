// A signed-in member's answers kept on this browser, so the pass, the menu and their
// reservations open with no signal (ADR 79): the last answer of each query below, saved under
// the member's uid as it arrives, put back into the query cache when there is no connection
// (as their session starts, or when the connection goes), and deleted when the session ends.
// Online, every answer is asked for afresh as before: a kept profile would show yesterday's
// role. The one exception is the meal pass's kept passes, shown while the fresh ones load, with
// the kept profile's name and photo on them (ADR 84). Only one member's answers are ever kept:
// signing in as another deletes the first's.
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { keptAnswersKey, keptPrefix } from './kept-keys';

/**
 * The answers kept: the member's profile (the dashboard waits for it), the menu with its halls
 * and rules, their reservations, skips and requests, and their passes.
 */
export function isKeptOffline(queryKey: QueryKey, uid: string): boolean {
  const [root, second, third] = queryKey;
  switch (root) {
    case 'session':
      return second === 'profile' && third === uid;
    case 'menu':
      return second === 'range';
    case 'requested-meals':
      return second === 'mine' || second === 'reservations' || second === 'skips' || second === 'quota';
    case 'passes':
      return second === 'current' || second === 'offline';
    case 'halls':
    case 'meal-settings':
      return true;
    default:
      return false;
  }
}

type Kept = { queryKey: QueryKey; data: unknown; updatedAt: number };

function read(uid: string): Kept[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keptAnswersKey(uid)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Kept[]) : [];
  } catch {
    return [];
  }
}

/**
 * `uid`'s kept answer of one query, without putting it into the cache: for a page that shows
 * it while the fresh one loads (the meal pass, ADR 84). Undefined when none is kept.
 */
export function keptAnswer<T>(uid: string, queryKey: QueryKey): { data: T; updatedAt: number } | undefined {
  if (!isKeptOffline(queryKey, uid)) return undefined;
  const wanted = JSON.stringify(queryKey);
  const entry = read(uid).find((kept) => JSON.stringify(kept.queryKey) === wanted);
  return entry ? { data: entry.data as T, updatedAt: entry.updatedAt } : undefined;
}

/**
 * Deletes every member's kept answers but `keep`'s (none: all of them), with what is kept
 * beside them under the same key and a suffix (the pass page, kept-pass-page.ts).
 */
export function forgetAnswersOffline(keep?: string): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  const kept = (key: string) => keep && (key === keptAnswersKey(keep) || key.startsWith(`${keptAnswersKey(keep)}:`));
  for (const key of keys) {
    if (key?.startsWith(keptPrefix) && !kept(key)) localStorage.removeItem(key);
  }
}

/** The most answers kept: the newest, so weeks of menus read long ago drop out. */
const maxKept = 40;

/** How long after an answer arrives the kept set is written: a page's answers arrive together. */
const saveDelayMs = 500;

/** Puts `uid`'s kept answers back into the cache, where it has none yet. */
function restore(queryClient: QueryClient, uid: string) {
  for (const { queryKey, data, updatedAt } of read(uid)) {
    if (!isKeptOffline(queryKey, uid) || queryClient.getQueryData(queryKey) !== undefined) continue;
    queryClient.setQueryData(queryKey, data, { updatedAt });
  }
}

/**
 * Keeps each new answer of `uid`'s from now on, and puts the kept ones back into the cache
 * (where it has none yet) whenever there is no connection. Returns the function that stops.
 */
export function keepAnswersOffline(queryClient: QueryClient, uid: string): () => void {
  forgetAnswersOffline(uid);
  if (!onlineManager.isOnline()) restore(queryClient, uid);
  const stopFollowing = onlineManager.subscribe((online) => {
    if (!online) restore(queryClient, uid);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    // This page's answers replace the kept ones of the same query; those of pages not opened
    // in this load (each full load starts an empty cache online) stay.
    const kept = new Map(read(uid).map((entry) => [JSON.stringify(entry.queryKey), entry]));
    for (const query of queryClient.getQueryCache().findAll()) {
      if (!isKeptOffline(query.queryKey, uid) || query.state.data === undefined) continue;
      const entry = { queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt };
      kept.set(JSON.stringify(query.queryKey), entry);
    }
    const newest = [...kept.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, maxKept);
    try {
      localStorage.setItem(keptAnswersKey(uid), JSON.stringify(newest));
    } catch {
      // The browser's storage is full or refused: the pages still work online.
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isKeptOffline(event.query.queryKey, uid)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      save();
    }, saveDelayMs);
  });
  // A page left, or hidden (a phone may discard a hidden tab), within the wait would never
  // write its answers: the pass just shown would be missing at the counter with no signal.
  const saveNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    save();
  };
  const saveIfHidden = () => {
    if (document.visibilityState === 'hidden') saveNow();
  };
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', saveIfHidden);
  return () => {
    unsubscribe();
    stopFollowing();
    clearTimeout(timer);
    window.removeEventListener('pagehide', saveNow);
    document.removeEventListener('visibilitychange', saveIfHidden);
  };
}
