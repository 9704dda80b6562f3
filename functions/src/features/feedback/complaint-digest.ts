// The admins' complaint email as a digest (ADR 68, docs/email.md): each complaint not emailed at
// once is stamped at its raising with the window it falls in (`digestWindow`), and the
// `complaintDigests` schedule, a few minutes after each window closes, writes one email per admin
// listing that window's complaints. However many complaints are raised, an admin gets at most
// one digest per window and a bounded number of urgent emails.
import {
  complaintCategoryLabels,
  complaintDigestMaxListed,
  complaintDigestWindowMinutes,
  type ComplaintCategory,
} from '@hostelhub/contracts';
import { emails } from '../../lib/emails.js';
import { sendToAdmins } from '../../lib/mail.js';
import { currentTime } from '../../lib/clock.js';
import { isoTime } from '../../lib/timestamps.js';
import { complaintsOfDigestWindow } from './queries.js';

const windowMs = complaintDigestWindowMinutes * 60_000;
/**
 * How long after a window closes its digest waits: a complaint stamped just before the close
 * may commit just after it, and must still be listed.
 */
const settleMs = 2 * 60_000;
/**
 * How many closed windows each run looks back over. A run that failed or came late leaves its
 * window to the next runs; each digest's key (its window) keeps a second run from sending it again.
 */
const windowsLookedBack = 3;

/** The start (ISO) of the digest window `now` falls in: the same on every instance and every retry. */
export const digestWindowOf = (now: Date): string =>
  new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();

/** The closed, settled windows a run at `now` sends, oldest first. */
export function windowsToSend(now: Date): string[] {
  const latest = Math.floor((now.getTime() - settleMs) / windowMs) * windowMs - windowMs;
  return Array.from({ length: windowsLookedBack }, (_, back) =>
    new Date(latest - (windowsLookedBack - 1 - back) * windowMs).toISOString(),
  );
}

export type DigestLine = { category: ComplaintCategory; urgent: boolean; text: string; createdAt: string | null };

/** The digest of one window: its complaints (the first ones listed, all counted) to every admin. */
async function sendDigestOf(window: string, now: Date): Promise<number> {
  const query = complaintsOfDigestWindow(window);
  const [total, listed] = await Promise.all([query.count().get(), query.limit(complaintDigestMaxListed).get()]);
  const count = total.data().count;
  if (count === 0) return 0;
  const lines: DigestLine[] = listed.docs
    .map((doc) => doc.data())
    .map((stored) => ({
      category: stored.category,
      urgent: stored.urgent === true,
      text: stored.text,
      createdAt: isoTime(stored.createdAt),
    }))
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
  const windowEnd = new Date(Date.parse(window) + windowMs);
  return sendToAdmins(
    emails.complaintDigest(
      window,
      { from: new Date(window), to: windowEnd },
      lines.map((line) => ({ ...line, label: complaintCategoryLabels[line.category] })),
      count,
    ),
    now,
  );
}

/**
 * The `complaintDigests` schedule's work at `now`: the digest of each closed window not sent
 * yet. Answers how many emails were written (0 on a retry of a run that finished).
 */
export async function sendComplaintDigests(now: Date = currentTime()): Promise<number> {
  let written = 0;
  for (const window of windowsToSend(now)) written += await sendDigestOf(window, now);
  return written;
}
