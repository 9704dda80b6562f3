// Recomputes the insights' rollups from the source documents (payments, meal requests, the
// log of membership changes) and reports every number that differs from the stored rollups
// (ADR 0036, docs/data-model.md). With --fix it rewrites the documents that differ. Exits 1
// when it found differences it did not fix, so a scheduled check can alert on drift.
//
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node scripts/rebuild-rollups.mjs [--from YYYY-MM] [--to YYYY-MM] [--fix]
//   GOOGLE_APPLICATION_CREDENTIALS=key.json GCLOUD_PROJECT=<id> node scripts/rebuild-rollups.mjs --fix
import { parseArgs } from 'node:util';
import { getApps, initializeApp } from 'firebase-admin/app';
import { loadRollupRebuild } from './lib/contracts.mjs';

const { values } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' }, fix: { type: 'boolean', default: false } },
});
for (const name of ['from', 'to']) {
  if (values[name] !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(values[name])) {
    console.error(`--${name} must be a month YYYY-MM`);
    process.exit(2);
  }
}
process.env.GCLOUD_PROJECT ??= 'demo-hostel-meals';
if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT });

const { rebuildRollups } = await loadRollupRebuild();
const report = await rebuildRollups({ from: values.from, to: values.to, fix: values.fix });
for (const { document, field, stored, rebuilt } of report.differences) {
  console.log(`rollups/${document} ${field}: stored ${stored}, rebuilt ${rebuilt}`);
}
console.log(
  `Rollups ${report.from} to ${report.to}: ${report.documents} documents compared, ` +
    `${report.differences.length} differences${values.fix ? `, ${report.fixed} documents rewritten` : ''}.`,
);
process.exit(report.differences.length > 0 && !values.fix ? 1 : 0);
