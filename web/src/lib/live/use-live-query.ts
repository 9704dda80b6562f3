import { useContext, useEffect, useRef, useState } from 'react';
import { onSnapshot, type Firestore, type Query, type QueryDocumentSnapshot } from 'firebase/firestore';
import { FirestoreSdkContext } from 'reactfire';
import type { LiveStatus } from './live-status';

export type LiveRows<T> = { status: LiveStatus; rows: T[] | undefined };

/** A snapshot served from the cache for longer than this means the connection is gone. */
const pauseAfterMs = 1500;
/** A failed listener is started again after 2 s, 4 s, ... up to this. */
const maxRetryDelayMs = 30_000;

/**
 * Follows a Firestore query with a snapshot listener on the Firestore of reactfire's
 * `FirestoreProvider` (no provider: `off`, and the caller shows the API's data alone).
 *
 * Unlike reactfire's `useFirestoreCollectionData`, the listener stops when the component
 * unmounts or `key` changes, a failed listener is started again instead of throwing into the
 * render, and a connection that dropped shows as `paused` (snapshot metadata `fromCache`)
 * while the last rows stay: see ADR 16.
 *
 * `key` names the query: a new key starts a new listener; null listens to nothing.
 * `build` and `toRow` are read when the listener starts and on each snapshot.
 */
export function useLiveQuery<T>(
  key: string | null,
  build: (db: Firestore) => Query,
  toRow: (doc: QueryDocumentSnapshot) => T,
): LiveRows<T> {
  const db = useContext(FirestoreSdkContext);
  const [state, setState] = useState<LiveRows<T> & { key: string | null }>({
    key: null,
    status: 'off',
    rows: undefined,
  });
  const latest = useRef({ build, toRow });
  useEffect(() => {
    latest.current = { build, toRow };
  });

  useEffect(() => {
    if (!db || !key) return;
    let stopped = false;
    let unsubscribe = () => {};
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pauseTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const pause = () => setState((current) => ({ ...current, key, status: 'paused' }));

    const listen = () => {
      unsubscribe = onSnapshot(
        latest.current.build(db),
        { includeMetadataChanges: true },
        (snapshot) => {
          failures = 0;
          const rows = snapshot.docs.map((doc) => latest.current.toRow(doc));
          if (snapshot.metadata.fromCache) {
            // From the cache: at the start, or the connection is gone. Paused if it lasts.
            setState((current) => ({
              key,
              rows,
              status: current.key === key && current.status !== 'off' ? current.status : 'connecting',
            }));
            pauseTimer ??= setTimeout(pause, pauseAfterMs);
          } else {
            clearTimeout(pauseTimer);
            pauseTimer = undefined;
            setState({ key, rows, status: 'live' });
          }
        },
        () => {
          // The listener has ended (refused or failed): keep the rows, say so, listen again.
          if (stopped) return;
          pause();
          const delay = Math.min(maxRetryDelayMs, 2000 * 2 ** failures);
          failures += 1;
          retryTimer = setTimeout(() => {
            if (!stopped) listen();
          }, delay);
        },
      );
    };
    listen();
    return () => {
      stopped = true;
      unsubscribe();
      clearTimeout(retryTimer);
      clearTimeout(pauseTimer);
    };
  }, [db, key]);

  if (!db || !key) return { status: 'off', rows: undefined };
  if (state.key !== key) return { status: 'connecting', rows: undefined };
  return { status: state.status, rows: state.rows };
}
