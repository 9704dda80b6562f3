// The restore drill's steps on the Firestore emulator (docs/deploy.md "Backups and recovery",
// ADR 76): read every document, export the database, wipe it, import the export back, read
// every document again and say what differs. functions/test/restore-drill.test.ts runs it on
// the demo data in a project of its own, so it can wipe that project beside the other suites.
//
// Only the emulator's own REST endpoints, as firebase-tools uses them: `:export` is what the
// hub's POST /_admin/export calls for one project (the hub knows only the emulators' project),
// and `:import` takes an export back into a running emulator (firebase-tools instead seeds a
// new one with --seed_from_export at start). Production's counterparts are `gcloud firestore
// export` and `gcloud firestore import`.
import { existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';

const databaseOf = (projectId) => `projects/${projectId}/databases/(default)`;
// The emulator's administrator: the security rules do not apply to it.
const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };

async function send(what, url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${what}: ${url} answered ${response.status} ${await response.text()}`);
  return response;
}

/**
 * Every document of the project's database: path (`meals/m1/likes/u1`) → its fields, as the
 * REST API writes typed values. One query over every collection at once: a query of all the
 * root's descendants that names no collection selects every collection and subcollection.
 * @returns {Promise<Map<string, Record<string, unknown>>>}
 */
export async function readEveryDocument({ host, projectId }) {
  const database = databaseOf(projectId);
  const response = await send('Reading every document', `http://${host}/v1/${database}/documents:runQuery`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ structuredQuery: { from: [{ allDescendants: true }] } }),
  });
  const prefix = `${database}/documents/`;
  const documents = new Map();
  for (const row of await response.json()) {
    if (row.document) documents.set(row.document.name.slice(prefix.length), row.document.fields ?? {});
  }
  return documents;
}

/** The collection a document is in: `meals/m1/likes/u1` → `meals/m1/likes`. */
const collectionOf = (path) => path.slice(0, path.lastIndexOf('/'));

/** How many documents each collection holds, subcollections by their full path, sorted by path. */
export function countByCollection(documents) {
  const counts = new Map();
  for (const path of documents.keys()) counts.set(collectionOf(path), (counts.get(collectionOf(path)) ?? 0) + 1);
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/** The same documents counted by the shape of their collection (`meals/{id}/likes`), for a report. */
export function countByShape(documents) {
  const counts = {};
  for (const path of documents.keys()) {
    const shape = collectionOf(path)
      .split('/')
      .map((segment, index) => (index % 2 === 1 ? '{id}' : segment))
      .join('/');
    counts[shape] = (counts[shape] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Exports the project's database into `directory`/`name` (the folder must exist) and answers
 * the export's metadata file, which an import names.
 */
export async function exportDatabase({ host, projectId, directory, name }) {
  await send('Exporting', `http://${host}/emulator/v1/projects/${projectId}:export`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ database: databaseOf(projectId), export_directory: directory, export_name: name }),
  });
  const metadataFile = join(directory, name, `${name}.overall_export_metadata`);
  if (!existsSync(metadataFile)) throw new Error(`Exporting: no ${metadataFile} was written`);
  return metadataFile;
}

/** Deletes every document of the project's database (the emulator's own reset). */
export async function wipeDatabase({ host, projectId }) {
  await send('Wiping', `http://${host}/emulator/v1/${databaseOf(projectId)}/documents`, { method: 'DELETE' });
}

/** Imports the export whose metadata file is `metadataFile` into the project's running database. */
export async function importExport({ host, projectId, metadataFile }) {
  const database = databaseOf(projectId);
  await send('Importing', `http://${host}/emulator/v1/${database}:import`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ database, export_directory: metadataFile }),
  });
}

/** At most `limit` of `lines`, and how many more there were. */
function firstOf(lines, limit = 10) {
  return lines.length > limit ? [...lines.slice(0, limit), `... and ${lines.length - limit} more`] : lines;
}

/**
 * What a restore changed, one line each (empty: every collection has as many documents as
 * before, and every document is there with every field as it was): collections whose counts
 * differ, documents lost or added, and documents whose fields differ (by name).
 */
export function restoreDifferences(before, after) {
  const countsBefore = countByCollection(before);
  const countsAfter = countByCollection(after);
  const collections = [...new Set([...countsBefore.keys(), ...countsAfter.keys()])].sort();
  const counts = collections
    .filter((path) => countsBefore.get(path) !== countsAfter.get(path))
    .map((path) => `${path}: ${countsBefore.get(path) ?? 0} documents before, ${countsAfter.get(path) ?? 0} after`);
  const lost = [...before.keys()].filter((path) => !after.has(path)).map((path) => `${path}: lost`);
  const added = [...after.keys()].filter((path) => !before.has(path)).map((path) => `${path}: not there before`);
  const changed = [];
  for (const [path, fields] of before) {
    const restored = after.get(path);
    if (!restored) continue;
    const names = [...new Set([...Object.keys(fields), ...Object.keys(restored)])].sort();
    const differing = names.filter((name) => !isDeepStrictEqual(fields[name], restored[name]));
    if (differing.length > 0) changed.push(`${path}: ${differing.join(', ')} changed`);
  }
  return [...counts, ...firstOf(lost), ...firstOf(added), ...firstOf(changed)];
}

/**
 * The drill on the project's database as it stands (seed it first): read, export into
 * `directory`, wipe, check it empty, import, read again. Answers both readings, how many
 * documents the wipe left, the differences and each step's time in seconds.
 */
export async function runRestoreDrill({ host, projectId, directory }) {
  const seconds = {};
  const timed = async (name, work) => {
    const started = performance.now();
    const result = await work();
    seconds[name] = Math.round((performance.now() - started) / 100) / 10;
    return result;
  };
  const where = { host, projectId };
  const before = await timed('read', () => readEveryDocument(where));
  if (before.size === 0) throw new Error(`The restore drill found no documents in ${projectId}: seed it first`);
  const metadataFile = await timed('export', () => exportDatabase({ ...where, directory, name: 'drill' }));
  await timed('wipe', () => wipeDatabase(where));
  const leftAfterWipe = (await readEveryDocument(where)).size;
  await timed('import', () => importExport({ ...where, metadataFile }));
  const after = await timed('read again', () => readEveryDocument(where));
  return { before, after, leftAfterWipe, differences: restoreDifferences(before, after), seconds };
}
