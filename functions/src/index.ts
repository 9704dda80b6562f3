import { onInit, setGlobalOptions } from 'firebase-functions/v2';
import { logger } from 'firebase-functions';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule, type ScheduledEvent } from 'firebase-functions/v2/scheduler';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { createApp } from './app.js';
import { currentTime } from './lib/clock.js';
import { warmUp } from './lib/warm-up.js';
import {
  hostelTimeZone,
  jwtSecret,
  mailLinkSecret,
  passSecret,
  stripeSecretKey,
  stripeWebhookSecret,
} from './config.js';
import { exportFirestore, firestoreAdminApi } from './features/backups/firestore-export.js';
import { sendComplaintDigests } from './features/feedback/complaint-digest.js';
import { sendProductionSheets } from './features/menu/production-sheets.js';
import { sendWeeklyMenu } from './features/menu/weekly-menu-email.js';
import { sendRenewalReminders } from './features/payments/renewal-reminders.js';
import { sendCutoffReminders } from './features/reservations/cutoff-reminders.js';
import { tidyEndedMemberships } from './features/payments/tidy-memberships.js';
import { createPagesApp } from './features/pages/app.js';
import { handleStripeWebhook } from './features/payments/webhook.js';
import { deliverNotice, pushedKindOf } from './features/push/deliver.js';
import { deployedSender, type PushSender } from './features/push/fcm.js';
import { countUncollectedReservations } from './features/reservations/no-shows.js';
import { runStandingReservations } from './features/reservations/standing-reservations.js';

// One region for everything, next to the project's Firestore location so each request's reads
// stay in one region: us-central1 beside Firestore's default (nam5), or the project's own from
// HOSTEL_FUNCTIONS_REGION in functions/.env.<project>, which `npm run deploy` writes.
setGlobalOptions({ region: process.env.HOSTEL_FUNCTIONS_REGION || 'us-central1', maxInstances: 10 });

// Before an instance's first request: its Firestore and Auth connections opened.
onInit(() => warmUp());

/** An HTTP function that waits on Firestore most of the time serves many requests at once. */
const servesManyAtOnce = { concurrency: 80, cpu: 1, memory: '512MiB' } as const;

/**
 * The API waits on Firestore and Auth most of the time, so one instance serves many requests
 * at once (concurrency needs a whole vCPU); that keeps cold starts rare and Firestore
 * connections warm. 512 MiB covers the Admin SDK, Express and Stripe with room for paging.
 * Idle instances cost money, so the minimum is 0 unless the deploy sets API_MIN_INSTANCES
 * (functions/.env.<project>): 1 removes cold starts for the first visitor of a quiet hour.
 * The emulator ignores all of these. Reasoning and numbers: docs/performance.md.
 */
export const api = onRequest(
  {
    ...servesManyAtOnce,
    secrets: [jwtSecret, passSecret, stripeSecretKey, mailLinkSecret],
    timeoutSeconds: 60,
    minInstances: Number(process.env.API_MIN_INSTANCES ?? 0),
  },
  createApp(),
);

/**
 * The public pages rendered with their data (ADR 0038): /, /meals, /meal/{id}, /upcoming-meals
 * and /menu through Hosting rewrites. A page reads the API inside its own instance, so it is a
 * function of its own only for its settings: the Hosting CDN serves most visits, and one
 * instance renders many pages at once while it waits on Firestore. That API signs the cursor
 * of a list's next page with JWT_SECRET, so the secret is bound here too (ADR 0046); the
 * counter's and Stripe's secrets are not, as no public page reads what needs them.
 */
export const pages = onRequest(
  {
    ...servesManyAtOnce,
    secrets: [jwtSecret],
    timeoutSeconds: 30,
    minInstances: Number(process.env.PAGES_MIN_INSTANCES ?? 0),
  },
  createPagesApp(),
);

/**
 * Stripe posts payment events here; the URL is registered as the webhook endpoint. It is its
 * own function with its own instance cap, so a flood of API calls (which can use all of the
 * `api` function's instances) never leaves Stripe's deliveries waiting for an instance: paid
 * invoices, refunds and disputes keep being recorded. Stripe sends a few events per member a
 * month and retries what fails for three days, so 5 instances serving 40 deliveries at once
 * each are plenty, and a flood of forged events (refused at the signature check) cannot grow
 * the bill past them. Settings as the API's (concurrency needs a whole vCPU).
 */
export const stripeWebhook = onRequest(
  {
    secrets: [stripeSecretKey, stripeWebhookSecret, mailLinkSecret],
    ...servesManyAtOnce,
    maxInstances: 5,
    concurrency: 40,
    timeoutSeconds: 60,
  },
  handleStripeWebhook,
);

/** Once a day, ended memberships are stored as expired (no check waits for this). */
export const tidyMemberships = onSchedule({ schedule: 'every day 03:00', timeZone: 'UTC' }, async () => {
  logger.info('Tidied ended memberships', { count: await tidyEndedMemberships() });
});

/**
 * Once a day, after the day's last serving, reservations whose serving ended without a serve
 * are counted as not collected in the insights' rollups (ADR 0036).
 */
export const countNoShows = onSchedule({ schedule: 'every day 23:30', timeZone: hostelTimeZone() }, async () => {
  logger.info('Counted the no-shows of ended servings', { servings: await countUncollectedReservations() });
});

// Emails (docs/email.md): each schedule's work is a function of "now" that its tests call with
// a fake clock. They write `mail` documents only (the Trigger Email extension sends them); an
// email's key makes a retried run write nothing twice. The unsubscribe links they carry are
// signed with MAIL_LINK_SECRET, the one secret they hold.

/**
 * The "now" of a schedule's run: the instant Cloud Scheduler meant it for (`scheduleTime`),
 * so a run that starts late still answers for its own quarter hour or hour, and the demo and
 * the journeys run a schedule at the instant they choose (scripts/lib/demo-schedules.mjs). Only
 * Cloud Scheduler may call a scheduled function; without a readable time, the clock's.
 */
function scheduledAt({ scheduleTime }: ScheduledEvent): Date {
  const at = Date.parse(scheduleTime);
  return Number.isNaN(at) ? currentTime() : new Date(at);
}

/** Every quarter hour: reminders an hour before each cutoff (opt-in) and the kitchen's sheet at it. */
export const cutoffEmails = onSchedule(
  { schedule: 'every 15 minutes', timeZone: hostelTimeZone(), secrets: [mailLinkSecret] },
  async (event) => {
    const now = scheduledAt(event);
    const sheets = await sendProductionSheets(now);
    const reminders = await sendCutoffReminders(now);
    logger.info('Cutoff emails written', { sheets, reminders });
  },
);

/** At the start of every hour on the hostel's clock: next week's menu, in the hour the admins chose. */
export const weeklyMenuEmail = onSchedule(
  { schedule: '0 * * * *', timeZone: hostelTimeZone(), secrets: [mailLinkSecret] },
  async (event) => {
    logger.info("Next week's menu emails written", { count: await sendWeeklyMenu(scheduledAt(event)) });
  },
);

/** Once a day: "your membership renews in 3 days". */
export const renewalReminders = onSchedule(
  { schedule: 'every day 09:00', timeZone: hostelTimeZone(), secrets: [mailLinkSecret] },
  async (event) => {
    logger.info('Renewal reminders written', { count: await sendRenewalReminders(scheduledAt(event)) });
  },
);

/**
 * Five minutes past every hour: the admins' digest of the complaints raised in the hours just
 * closed (ADR 68), one email per admin per hour however many there were. The minutes' wait lets
 * a complaint raised on the hour's last second commit first.
 */
export const complaintDigests = onSchedule(
  { schedule: '5 * * * *', timeZone: hostelTimeZone(), secrets: [mailLinkSecret] },
  async () => {
    logger.info('Complaint digests written', { count: await sendComplaintDigests() });
  },
);

/**
 * Every day at 05:00 on the hostel's clock, before most of the day's cutoffs: each member's
 * standing reservations in this week (from today) and the next, and one summary email per
 * member and week (ADR 74, docs/api.md "Standing reservations"). A marker per member and
 * serving makes a second run reserve nothing twice. Its timeout leaves room for a hostel's
 * members, reserved page by page.
 */
export const standingReservations = onSchedule(
  { schedule: 'every day 05:00', timeZone: hostelTimeZone(), secrets: [mailLinkSecret], timeoutSeconds: 540 },
  async (event) => {
    logger.info('Standing reservations made', await runStandingReservations(scheduledAt(event)));
  },
);

/**
 * Every night at 03:30 on the hostel's clock, when nobody books (and an hour the clocks never
 * skip where they change at 01:00-03:00): the whole Firestore database exported to the backup
 * bucket, into a folder named for the run's scheduled minute (docs/deploy.md "Backups and
 * recovery", ADR 76). It only starts the export, which Firestore runs on its own,
 * so a small instance and a minute are plenty; one instance, as two exports at once serve
 * nothing. No secrets: the Admin API call runs as the function's service account, which needs
 * the Firestore import/export role.
 */
export const firestoreBackup = onSchedule(
  { schedule: 'every day 03:30', timeZone: hostelTimeZone(), memory: '256MiB', timeoutSeconds: 60, maxInstances: 1 },
  async (event) => {
    await exportFirestore(scheduledAt(event), firestoreAdminApi());
  },
);

/**
 * Each bell entry of a pushed kind, pushed to the member's browsers through FCM if they chose
 * push for it (ADR 81). Every other notification ends here without a read. The emulator
 * reaches no FCM (nor Google's credentials): there each send fails as unreachable, which the
 * notice's `push` records. Small and many at once: it waits on FCM.
 */
export const pushNotices = onDocumentCreated(
  {
    document: 'users/{uid}/notifications/{noticeId}',
    memory: '256MiB',
    timeoutSeconds: 60,
    concurrency: 40,
    cpu: 1,
    maxInstances: 5,
  },
  async (event) => {
    const kind = (event.data?.data() as { kind?: unknown } | undefined)?.kind;
    if (typeof kind !== 'string' || !pushedKindOf(kind)) return;
    const outcome = await deliverNotice(event.params.uid, event.params.noticeId, (sender ??= pushSender()));
    if (outcome) logger.info('Notice pushed', { noticeId: event.params.noticeId, ...outcome });
  },
);
let sender: PushSender | undefined;
/** FCM's v1 API, or on the emulator, which reaches no FCM, a sender that says so and sends nothing. */
const pushSender = (): PushSender =>
  process.env.FUNCTIONS_EMULATOR === 'true'
    ? async () => ({ ok: false, status: 0, errorCode: 'EMULATOR', message: 'The emulator reaches no FCM' })
    : deployedSender();
