// The restore drill (docs/deploy.md "Backups and recovery", ADR 76) on the emulators: the demo
// data seeded, every document of every collection read, the database exported, wiped and
// imported back, and read again: each collection must hold as many documents as before and
// each document every field it had. It runs in a project of its own, so wiping it disturbs no
// other file, and in a vitest project of its own (vitest.config.ts): seedDemoData writes
// through the process's default Admin SDK app, which must be this project's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countByShape,
  readEveryDocument,
  restoreDifferences,
  runRestoreDrill,
  type Documents,
} from '../../scripts/lib/restore-drill.mjs';
// @ts-expect-error: plain ES module without types
import { seedDemoData } from '../../scripts/lib/seed.mjs';

const projectId = 'demo-hostel-restore-drill';
const host = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

if (getApps().length > 0) throw new Error('The restore drill needs a process of its own: an Admin SDK app is loaded');
initializeApp({ projectId });
const db = getFirestore();

/**
 * How many documents each collection id holds, as the Admin SDK finds them on its own: the
 * root's collections listed, and each id counted as a collection group (every collection of
 * that name at any depth). A second reading, apart from the drill's one query.
 */
async function adminSdkCounts(ids: string[]) {
  const roots = (await db.listCollections()).map((collection) => collection.id).sort();
  const entries = await Promise.all(
    ids.map(async (id) => [id, (await db.collectionGroup(id).count().get()).data().count] as const),
  );
  return { roots, byId: Object.fromEntries(entries) };
}

/** The drill's reading in the same terms: root collections, and documents per collection id. */
function drillCounts(documents: Documents) {
  const roots = [...new Set([...documents.keys()].map((path) => path.split('/')[0]!))].sort();
  const byId: Record<string, number> = {};
  for (const path of documents.keys()) {
    const segments = path.split('/');
    const id = segments[segments.length - 2]!;
    byId[id] = (byId[id] ?? 0) + 1;
  }
  return { roots, byId };
}

let exportsDir: string;
let seedSeconds = 0;
beforeAll(async () => {
  // A run before this one on the same emulators left the drill's accounts and documents.
  for (const url of [
    `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    `http://${authHost}/emulator/v1/projects/${projectId}/accounts`,
  ]) {
    const response = await fetch(url, { method: 'DELETE' });
    if (!response.ok) throw new Error(`Could not reset the drill's project: ${url} answered ${response.status}`);
  }
  exportsDir = mkdtempSync(join(tmpdir(), 'restore-drill-'));
  const started = performance.now();
  await seedDemoData();
  seedSeconds = (performance.now() - started) / 1000;
}, 180_000);

afterAll(() => {
  if (exportsDir) rmSync(exportsDir, { recursive: true, force: true });
});

describe('the restore drill on the demo data', () => {
  let drill: Awaited<ReturnType<typeof runRestoreDrill>>;

  it('reads every collection, subcollections included, as the Admin SDK counts them', async () => {
    const documents = await readEveryDocument({ host, projectId });
    const shapes = countByShape(documents);
    // The demo's subcollections are there, not only its top-level collections.
    expect(shapes).toMatchObject({
      'meals/{id}/likes': expect.any(Number),
      'meals/{id}/reviews': expect.any(Number),
      meals: expect.any(Number),
      users: expect.any(Number),
    });
    expect(documents.size).toBeGreaterThan(500);
    const reading = drillCounts(documents);
    expect(await adminSdkCounts(Object.keys(reading.byId))).toEqual(reading);
  });

  it('gives back every document of every collection, field by field, after a wipe', async () => {
    const started = performance.now();
    drill = await runRestoreDrill({ host, projectId, directory: exportsDir });
    const drillSeconds = (performance.now() - started) / 1000;

    expect(drill.leftAfterWipe).toBe(0);
    expect(drill.differences).toEqual([]);
    expect(drill.after.size).toBe(drill.before.size);
    // The Admin SDK finds the same collections and counts after the import as before.
    const reading = drillCounts(drill.before);
    expect(await adminSdkCounts(Object.keys(reading.byId))).toEqual(reading);

    console.log(
      `Restore drill: ${drill.before.size} documents in ${Object.keys(countByShape(drill.before)).length} collection shapes; ` +
        `seeded in ${seedSeconds.toFixed(1)} s, drilled in ${drillSeconds.toFixed(1)} s (${JSON.stringify(drill.seconds)})`,
    );
  });

  it('names a lost subcollection and a changed field: the drill can fail', async () => {
    expect(drill, 'the drill above ran').toBeDefined();
    const likes = [...drill.after.keys()].filter((path) => /^meals\/[^/]+\/likes\//.test(path));
    const lostCollection = likes[0]!.slice(0, likes[0]!.lastIndexOf('/'));
    const lost = likes.filter((path) => path.startsWith(`${lostCollection}/`));
    const meal = [...drill.after.keys()].find((path) => /^meals\/[^/]+$/.test(path))!;
    // As a restore that dropped one meal's likes and brought back an older title would leave it.
    await db.recursiveDelete(db.collection(lostCollection));
    await db.doc(meal).update({ title: 'Not the title it had' });

    const differences = restoreDifferences(drill.before, await readEveryDocument({ host, projectId }));
    expect(differences).toEqual([
      `${lostCollection}: ${lost.length} documents before, 0 after`,
      ...lost.map((path) => `${path}: lost`),
      `${meal}: title changed`,
    ]);
  });
});
