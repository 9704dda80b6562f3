import { v1 } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { wallClockAsUtc } from '@hostelhub/contracts';
import { backupBucket, hostelTimeZone } from '../../config.js';

// The nightly Firestore export (docs/deploy.md "Backups and recovery", ADR 76): one call of the
// Firestore Admin API, which copies every collection into the backup bucket while the function
// returns. The API is the edge: tests hand in a client pointed at a local stand-in.

/** The one Admin API call the backup makes; `v1.FirestoreAdminClient` has it. */
export type FirestoreAdminApi = {
  exportDocuments(request: {
    name: string;
    outputUriPrefix: string;
    collectionIds: string[];
    snapshotTime: { seconds: number; nanos: number };
  }): Promise<[{ name?: string | null }, ...unknown[]]>;
};

/** Where a backup goes and of what: from the deploy (functions/.env.<project>) unless a test says. */
export type BackupSettings = { projectId: string; bucket: string; timeZone: string };

let client: FirestoreAdminApi | undefined;
/** The Admin API client of this instance, made on the first run (it loads the API's protos). */
export function firestoreAdminApi(): FirestoreAdminApi {
  client ??= new v1.FirestoreAdminClient();
  return client;
}

/** The deployed settings: the project Cloud Functions runs in, BACKUP_BUCKET and the hostel's zone. */
export function deployedBackupSettings(): BackupSettings {
  return {
    projectId: process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? '',
    bucket: backupBucket(),
    timeZone: hostelTimeZone(),
  };
}

/** A Cloud Storage bucket's name as Google allows it (lower case, 3-63 characters, no `gs://`). */
export const isBucketName = (name: string): boolean => /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/.test(name);

const minuteMs = 60_000;

/**
 * The export's folder: the minute the run was scheduled for, on the hostel's clock
 * (`2025-03-14T03-30`), so an admin finds "last night's" backup by the hostel's date, and a
 * retry of the same run, which carries the same schedule time, writes to the same folder.
 */
export function backupFolder(scheduledFor: Date, timeZone: string): string {
  const minute = Math.floor(scheduledFor.getTime() / minuteMs) * minuteMs;
  return new Date(wallClockAsUtc(minute, timeZone)).toISOString().slice(0, 16).replace(':', '-');
}

export type StartedExport = { outputUriPrefix: string; operation: string | null };

/**
 * Starts the export of every collection of the project's (default) database as it stood at
 * the run's scheduled minute. The Admin API takes an export as a long-running operation and
 * answers at once; the function does not wait for it (a large database takes longer than a
 * function may run), so the log names the operation (`gcloud firestore operations describe`).
 *
 * `snapshotTime` makes the export one consistent view of the database at that minute (without
 * it, writes made while the export runs may be half in it), and makes a retry of the run write
 * the very same data to the same folder. Firestore keeps the versions it reads for an hour, or
 * 7 days with point-in-time recovery on, so a run may start that late.
 *
 * Without a bucket setting (or with a malformed one) nothing is called: the error is logged,
 * as no retry would mend it. Answers what was started, or null.
 */
export async function exportFirestore(
  scheduledFor: Date,
  api: FirestoreAdminApi,
  settings: BackupSettings = deployedBackupSettings(),
): Promise<StartedExport | null> {
  const { projectId, bucket, timeZone } = settings;
  if (!bucket || !isBucketName(bucket)) {
    logger.error(
      bucket
        ? `Firestore backup not started: BACKUP_BUCKET "${bucket}" is not a bucket name (no gs://, lower case)`
        : 'Firestore backup not started: BACKUP_BUCKET is not set (functions/.env.<project>, written by npm run deploy from the config\'s "backupBucket")',
    );
    return null;
  }
  if (!projectId) {
    logger.error('Firestore backup not started: the project id (GCLOUD_PROJECT) is not known');
    return null;
  }
  const minute = Math.floor(scheduledFor.getTime() / minuteMs) * minuteMs;
  const outputUriPrefix = `gs://${bucket}/firestore/${backupFolder(scheduledFor, timeZone)}`;
  const [operation] = await api.exportDocuments({
    name: `projects/${projectId}/databases/(default)`,
    outputUriPrefix,
    // No collection named: every collection and subcollection.
    collectionIds: [],
    snapshotTime: { seconds: minute / 1000, nanos: 0 },
  });
  const started = { outputUriPrefix, operation: operation.name ?? null };
  logger.info('Firestore backup started', started);
  return started;
}
