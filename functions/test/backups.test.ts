// The nightly Firestore export (functions/src/features/backups/firestore-export.ts): the real
// Admin API client, its transport pointed at a local stand-in of firestore.googleapis.com (the
// edge), so what is asserted is the request as Google would receive it: the database, the
// bucket and dated folder, every collection, the snapshot minute. The restore side is the drill
// (test/restore-drill.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { v1 } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  backupFolder,
  exportFirestore,
  isBucketName,
  type BackupSettings,
} from '../src/features/backups/firestore-export.js';

type Received = { method: string; path: string; authorization: string | undefined; body: Record<string, unknown> };

/** The Admin API's stand-in: records each call and answers as the API does, with an operation. */
let received: Received[] = [];
let standIn: Server;
let adminApi: InstanceType<typeof v1.FirestoreAdminClient>;

beforeAll(async () => {
  standIn = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: decodeURIComponent((request.url ?? '').split('?')[0]!),
        authorization: request.headers.authorization,
        body: JSON.parse(body || '{}') as Record<string, unknown>,
      });
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ name: `projects/hostel-prod/databases/(default)/operations/op-${received.length}` }),
      );
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  adminApi = new v1.FirestoreAdminClient({
    // The client's HTTP transport (the same calls as its gRPC one), to the stand-in.
    fallback: true,
    protocol: 'http',
    servicePath: '127.0.0.1',
    port: (standIn.address() as AddressInfo).port,
    // Google's credentials are out of reach; the stand-in takes any bearer.
    authClient: { getRequestHeaders: async () => ({ Authorization: 'Bearer stand-in' }) } as never,
  });
});

afterEach(() => {
  received = [];
  vi.restoreAllMocks();
});

afterAll(async () => {
  await adminApi.close();
  await new Promise((resolve) => standIn.close(resolve));
});

const london: BackupSettings = { projectId: 'hostel-prod', bucket: 'hostel-backups', timeZone: 'Europe/London' };

describe('the nightly Firestore export', () => {
  it('exports every collection of the database to the bucket, in a folder of the scheduled minute', async () => {
    const started = await exportFirestore(new Date('2025-01-15T03:30:00Z'), adminApi, london);

    expect(received).toEqual([
      {
        method: 'POST',
        path: '/v1/projects/hostel-prod/databases/(default):exportDocuments',
        authorization: 'Bearer stand-in',
        // No collectionIds: all of them, subcollections included.
        body: {
          outputUriPrefix: 'gs://hostel-backups/firestore/2025-01-15T03-30',
          snapshotTime: '2025-01-15T03:30:00.000Z',
        },
      },
    ]);
    expect(started).toEqual({
      outputUriPrefix: 'gs://hostel-backups/firestore/2025-01-15T03-30',
      operation: 'projects/hostel-prod/databases/(default)/operations/op-1',
    });
  });

  it("names the folder on the hostel's clock: summer time, and a zone whose date is not UTC's", async () => {
    // 02:30 UTC is 03:30 in London in July.
    await exportFirestore(new Date('2025-07-01T02:30:00Z'), adminApi, london);
    // 22:00 UTC on 1 July is 03:30 on 2 July in Kolkata.
    await exportFirestore(new Date('2025-07-01T22:00:00Z'), adminApi, { ...london, timeZone: 'Asia/Kolkata' });

    expect(received.map((call) => call.body.outputUriPrefix)).toEqual([
      'gs://hostel-backups/firestore/2025-07-01T03-30',
      'gs://hostel-backups/firestore/2025-07-02T03-30',
    ]);
    expect(backupFolder(new Date('2025-03-30T02:30:00Z'), 'Europe/London')).toBe('2025-03-30T03-30');
  });

  it("writes a retried run to the same folder, as the same snapshot; the next night's to another", async () => {
    const tonight = new Date('2025-01-15T03:30:00Z');
    await exportFirestore(tonight, adminApi, london);
    // A retry carries the schedule time of the run it retries; a run forced by hand seconds
    // into the minute exports that same minute.
    await exportFirestore(new Date(tonight), adminApi, london);
    await exportFirestore(new Date('2025-01-15T03:30:41Z'), adminApi, london);
    await exportFirestore(new Date('2025-01-16T03:30:00Z'), adminApi, london);

    const bodies = received.map((call) => call.body);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(bodies[3]).toEqual({
      outputUriPrefix: 'gs://hostel-backups/firestore/2025-01-16T03-30',
      snapshotTime: '2025-01-16T03:30:00.000Z',
    });
  });

  it('without a bucket setting, or with a malformed one, logs a clear error and calls nothing', async () => {
    const errors = vi.spyOn(logger, 'error');
    const at = new Date('2025-01-15T03:30:00Z');

    expect(await exportFirestore(at, adminApi, { ...london, bucket: '' })).toBeNull();
    expect(await exportFirestore(at, adminApi, { ...london, bucket: 'gs://hostel-backups' })).toBeNull();

    expect(received).toEqual([]);
    expect(errors.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringMatching(/^Firestore backup not started: BACKUP_BUCKET is not set/),
      'Firestore backup not started: BACKUP_BUCKET "gs://hostel-backups" is not a bucket name (no gs://, lower case)',
    ]);
  });

  it('reads the bucket from BACKUP_BUCKET, as the deploy writes it', async () => {
    vi.stubEnv('BACKUP_BUCKET', ' hostel-backups ');
    vi.stubEnv('GCLOUD_PROJECT', 'hostel-prod');
    vi.stubEnv('HOSTEL_TIME_ZONE', 'Europe/London');
    try {
      await exportFirestore(new Date('2025-01-15T03:30:00Z'), adminApi);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(received.map((call) => [call.path, call.body.outputUriPrefix])).toEqual([
      [
        '/v1/projects/hostel-prod/databases/(default):exportDocuments',
        'gs://hostel-backups/firestore/2025-01-15T03-30',
      ],
    ]);
  });

  it('takes only names Cloud Storage allows for a bucket', () => {
    for (const name of ['hostel-backups', 'my.hostel_backups-2', 'abc']) expect(isBucketName(name)).toBe(true);
    for (const name of ['', 'ab', 'Hostel', 'gs://hostel', 'hostel/backups', '-hostel', 'a'.repeat(64)]) {
      expect(isBucketName(name)).toBe(false);
    }
  });
});
