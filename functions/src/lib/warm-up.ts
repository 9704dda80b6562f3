// An instance's first calls to Firestore and Auth open their connections, which on a busy host
// took seconds inside the first request's deadline (ADR 0019, 0063). They are opened before it
// instead (firebase-functions' onInit), for at most `limitMs`: a slow start still serves.
import { adminAuth, db } from './firestore.js';

const openConnections = (): Promise<unknown>[] => [
  db.doc('rateLimits/warm-up').get(),
  // No such user: the answer is a refusal, and the connection is open.
  adminAuth.getUser('warm-up').catch(() => undefined),
];

export async function warmUp(limitMs = 3000, calls: () => Promise<unknown>[] = openConnections): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([Promise.allSettled(calls()), limit]);
  clearTimeout(timer);
}
