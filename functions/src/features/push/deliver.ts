// A bell entry pushed to the member's browsers (ADR 81). The `pushNotices` trigger calls this
// for each notification written; only the kinds of pushKindOfNotice go, to those who turned
// that kind on, on at most maxPushDevices browsers.
//
// Once: the notification is claimed in a transaction (`push.state` 'sending') before anything
// is sent, so a trigger delivered twice, or retried, sends nothing the second time. A push
// lost to a crash between the claim and the send is not sent again: the bell and the email
// still tell it, and a reminder buzzing twice is worse than once missed. The service worker
// shows a message under its notice id, so even a message FCM delivers twice shows once.
import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  maxPushDevices,
  pushKindOfNotice,
  pushPreferencesOf,
  type NotificationKind,
  type PushKind,
  type PushMessageData,
} from '@hostelhub/contracts';
import { currentTime } from '../../lib/clock.js';
import { typed } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { notificationRef } from '../../lib/notifications.js';
import { pushDevicesOf } from './devices.js';
import { tokenIsGone, type FcmMessage, type PushSender } from './fcm.js';

/** How long FCM keeps trying a browser that is off: a reminder is worthless after its cutoff. */
const ttlSeconds: Record<PushKind, number> = {
  reservation: 24 * 3600,
  'cutoff-reminder': 3600,
  leave: 3 * 24 * 3600,
  'complaint-answer': 3 * 24 * 3600,
};

/** What one notice's push came to. */
export type PushOutcome = { sent: number; gone: number; failed: number } | null;

/** Whether a notice of `kind` is ever pushed: the trigger reads nothing for any other. */
export const pushedKindOf = (kind: string): PushKind | undefined => pushKindOfNotice[kind as NotificationKind];

/**
 * Pushes notification `noticeId` of `uid` to their devices, once. Answers what was sent, or
 * null when nothing was to be (not a pushed kind, turned off, no device, tried already).
 */
export async function deliverNotice(
  uid: string,
  noticeId: string,
  send: PushSender,
  now: Date = currentTime(),
): Promise<PushOutcome> {
  const noticeDoc = notificationRef(uid, noticeId);
  const claimed = await db.runTransaction(async (transaction) => {
    const notice = await transaction.get(noticeDoc);
    const stored = notice.data();
    const kind = stored && pushedKindOf(stored.kind);
    if (!stored || !kind || stored.push) return null;
    const [user, devices] = await Promise.all([
      transaction.get(typed.users().doc(uid)),
      transaction.get(pushDevicesOf(uid).limit(maxPushDevices)),
    ]);
    if (!pushPreferencesOf(user.data()?.pushPreferences)[kind] || devices.empty) return null;
    transaction.update(noticeDoc, { push: { state: 'sending', at: Timestamp.fromDate(now) } });
    return { kind, notice: stored, devices: devices.docs };
  });
  if (!claimed) return null;

  const data: PushMessageData = {
    noticeId,
    title: claimed.notice.title,
    body: claimed.notice.body,
    link: claimed.notice.link ?? '/dashboard',
  };
  const outcome = { sent: 0, gone: 0, failed: 0 };
  await Promise.all(
    claimed.devices.map(async (device) => {
      const message: FcmMessage = {
        token: device.data().token,
        webpush: { headers: { Urgency: 'high', TTL: String(ttlSeconds[claimed.kind]) }, data },
      };
      const result = await send(message);
      if (result.ok) {
        outcome.sent++;
      } else if (tokenIsGone(result)) {
        // FCM will never deliver to it again: forgotten, so no later notice tries it.
        outcome.gone++;
        await device.ref.delete();
      } else {
        outcome.failed++;
        logger.warn('Push not delivered to one device', {
          uid,
          noticeId,
          status: result.status,
          errorCode: result.errorCode,
        });
      }
    }),
  );
  await noticeDoc.update({
    push: { state: 'sent', at: Timestamp.fromDate(currentTime()), sent: outcome.sent, gone: outcome.gone },
  });
  return outcome;
}
