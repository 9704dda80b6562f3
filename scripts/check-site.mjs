// Hosting's predeploy check (firebase.json `hosting.predeploy`), run by every `firebase deploy`
// that publishes the site, `npm run deploy`'s included: refuses a site built for the emulators
// or the demo (emulator addresses, the demo's Stripe stand-in or image host), built for another
// project, or a Hosting config whose Content-Security-Policy is the demo's.
//
//   node scripts/check-site.mjs --project <project id> [--config firebase.json]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib/emulators.mjs';
import { cspProblems, siteProblems } from './lib/site-check.mjs';

const { values } = parseArgs({
  options: { project: { type: 'string' }, config: { type: 'string', default: join(root, 'firebase.json') } },
});
const configPath = resolve(values.config);
const config = JSON.parse(readFileSync(configPath, 'utf8'));
const dist = resolve(dirname(configPath), config.hosting?.public ?? 'web/dist');
// firebase-tools names the project in GCLOUD_PROJECT for its hooks.
const projectId = values.project || process.env.GCLOUD_PROJECT || '';
const problems = [...siteProblems(dist, projectId), ...cspProblems(config, projectId)];
if (problems.length > 0) {
  console.error(`Not publishing ${dist}:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error('Deploy with `npm run deploy` (docs/deploy.md): it builds the site for the project.');
  process.exit(1);
}
console.log(`${dist}: built for ${projectId}, no emulator or demo stand-in.`);
