// Email in the demo (docs/email.md): a local SMTP catcher with a web inbox, the `mail`
// collection delivered to it as the Trigger Email extension would deliver it to a provider,
// the Auth emulator's verification and password links, and the email schedules on their
// timetable. Nothing reaches the internet.
import { readFileSync, existsSync } from 'node:fs';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { forwardAuthEmails } from './demo-auth-mail.mjs';
import { deliverMailCollection } from './demo-mail-delivery.mjs';
import { demoInboxPort, demoSmtpPort, startDemoInbox } from './demo-inbox.mjs';
import { startDemoSchedules } from './demo-schedules.mjs';
import { developmentSecretsFile } from './emulators.mjs';

/** `NAME=value` lines of the functions' development secrets. */
function developmentSecrets() {
  if (!existsSync(developmentSecretsFile)) return {};
  return Object.fromEntries(
    readFileSync(developmentSecretsFile, 'utf8')
      .split('\n')
      .map((line) => line.match(/^([A-Z_]+)=(.*)$/))
      .filter(Boolean)
      .map((match) => [match[1], match[2]]),
  );
}

/** Starts the inbox, the deliveries and the schedules; answers the inbox's address and a stop. */
export async function startDemoMail(offset) {
  const inbox = await startDemoInbox({ smtpPort: demoSmtpPort(offset), webPort: demoInboxPort(offset) });
  if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT });
  const stopDelivery = deliverMailCollection({
    db: getFirestore(),
    smtp: inbox.smtp,
    from: 'HostelHub <no-reply@hostelhub.test>',
  });
  const authEmails = forwardAuthEmails({
    authHost: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    projectId: process.env.GCLOUD_PROJECT,
    smtp: inbox.smtp,
    from: 'HostelHub <no-reply@hostelhub.test>',
  });
  const { MAIL_LINK_SECRET } = developmentSecrets();
  const stopSchedules = await startDemoSchedules({ secrets: MAIL_LINK_SECRET ? { MAIL_LINK_SECRET } : {} });
  return {
    inboxUrl: inbox.url,
    inbox,
    async close() {
      stopSchedules();
      authEmails.stop();
      stopDelivery();
      await inbox.close();
    },
  };
}
