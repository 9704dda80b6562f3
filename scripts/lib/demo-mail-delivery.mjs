// Delivers the `mail` collection as Firebase's "Trigger Email from Firestore" extension does
// (docs/email.md), to an SMTP server of the caller's choosing (the demo's inbox): each new
// document is claimed (delivery.state PROCESSING, with a lease), sent with nodemailer, and
// marked SUCCESS with the server's answer, or ERROR with the reason. A document already
// delivered, or claimed by a lease that has not run out, is left alone, so a restart sends
// nothing twice.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import nodemailer from 'nodemailer';

const leaseMs = 60_000;

/** Whether a document is for us to send now. */
function waiting(delivery, now) {
  if (!delivery) return true;
  if (delivery.state === 'PENDING' || delivery.state === 'RETRY') return true;
  return delivery.state === 'PROCESSING' && delivery.leaseExpireTime?.toMillis() < now;
}

/**
 * Follows `mail` and delivers what waits. Answers a function that stops following.
 * `from`: the sender address, as the extension's default FROM setting.
 */
export function deliverMailCollection({ db, smtp, from, log = console }) {
  const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  const deliver = async (ref) => {
    const claimed = await db.runTransaction(async (transaction) => {
      const doc = await transaction.get(ref);
      const data = doc.data();
      if (!data || !waiting(data.delivery, Date.now())) return null;
      transaction.update(ref, {
        'delivery.state': 'PROCESSING',
        'delivery.attempts': FieldValue.increment(1),
        'delivery.startTime': FieldValue.serverTimestamp(),
        'delivery.leaseExpireTime': Timestamp.fromMillis(Date.now() + leaseMs),
        'delivery.error': null,
      });
      return data;
    });
    if (!claimed) return;
    try {
      const message = claimed.message ?? {};
      const info = await transport.sendMail({
        from: claimed.from ?? from,
        to: claimed.to,
        replyTo: claimed.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        attachments: message.attachments,
      });
      await ref.update({
        'delivery.state': 'SUCCESS',
        'delivery.endTime': FieldValue.serverTimestamp(),
        'delivery.leaseExpireTime': null,
        'delivery.info': {
          messageId: info.messageId ?? null,
          accepted: info.accepted ?? [],
          rejected: info.rejected ?? [],
          pending: info.pending ?? [],
          response: info.response ?? null,
        },
      });
    } catch (error) {
      await ref.update({
        'delivery.state': 'ERROR',
        'delivery.endTime': FieldValue.serverTimestamp(),
        'delivery.leaseExpireTime': null,
        'delivery.error': String(error?.message ?? error),
      });
      log.error(`Email ${ref.id} was not delivered: ${error?.message ?? error}`);
    }
  };
  let queue = Promise.resolve();
  const stop = db.collection('mail').onSnapshot(
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type === 'removed' || !waiting(change.doc.get('delivery'), Date.now())) continue;
        // One at a time: the catcher is local and fast, and the order is the order written.
        queue = queue.then(() => deliver(change.doc.ref)).catch((error) => log.error(error));
      }
    },
    (error) => log.error(`Following the mail collection stopped: ${error.message}`),
  );
  return () => {
    stop();
    transport.close();
  };
}
