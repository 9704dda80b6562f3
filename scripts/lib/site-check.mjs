// The check every published site passes (`npm run deploy`, and Hosting's predeploy hook in
// firebase.json for a bare `firebase deploy`): the built site talks to the project it is
// deployed to, and to no emulator or demo stand-in. `npm start` and `npm test` build the site
// against the emulators (scripts/lib/emulators.mjs) and, without Stripe keys, with the demo's
// Stripe stand-in and image host (scripts/lib/demo-stand-ins.mjs, ADR 27): such a web/dist
// must never be published.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { demoPublishableKey } from './demo-stand-ins.mjs';

/**
 * What gives a build for the emulators or the demo away. The emulators and the stand-ins are
 * reached on the loopback address (VITE_AUTH_EMULATOR_URL, VITE_FIRESTORE_EMULATOR_HOST,
 * VITE_DEMO_STRIPE_API_URL, the demo image host's VITE_IMAGE_UPLOAD_URL); the demo's
 * publishable key and card note mark the Stripe stand-in even behind another address.
 */
export const demoMarks = [
  { pattern: /\b127\.0\.0\.1\b/, what: 'a loopback address (an emulator or a demo stand-in)' },
  // The libraries' own `http://localhost` placeholders (react-router, Firebase Auth) are not
  // followed by a port or path.
  { pattern: /\/\/localhost[:/]|\blocalhost:\d/, what: 'a localhost address (an emulator or a demo stand-in)' },
  { pattern: new RegExp(demoPublishableKey), what: "the demo's Stripe publishable key" },
  { pattern: /Demo payments/, what: "the demo's card note (the Stripe stand-in)" },
  { pattern: /Stripe stand-in/, what: "the demo's Stripe.js stand-in" },
];

/** The text files a browser loads from the site (scripts, pages, styles, JSON). */
function siteFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => /\.(js|mjs|html|css|json|webmanifest)$/.test(path) && statSync(path).isFile())
    .filter((path) => !relative(dir, path).startsWith('.vite'));
}

/**
 * The problems of the built site in `dir` for project `projectId` (empty: none): an emulator
 * or demo mark in any file, a site built for another Firebase project, or no site at all.
 */
export function siteProblems(dir, projectId) {
  let files;
  try {
    files = siteFiles(dir);
  } catch {
    return [`${dir}: no built site (npm run deploy builds it)`];
  }
  if (!files.some((path) => path.endsWith('.js'))) return [`${dir}: no scripts (npm run deploy builds it)`];
  const problems = [];
  let namesProject = false;
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    for (const mark of demoMarks) {
      if (mark.pattern.test(text)) problems.push(`${relative(dir, path)} holds ${mark.what}`);
    }
    // The bundler writes string literals with any quote (backticks, often).
    if (projectId && new RegExp(`[\`'"]${projectId.replace(/[^\w-]/g, '\\$&')}[\`'"]`).test(text)) namesProject = true;
  }
  if (!projectId) {
    problems.push('no project named: a site is checked for the project it is deployed to');
  } else if (/^demo-/.test(projectId)) {
    problems.push(`${projectId} is a demo project: it exists only on the emulators`);
  } else if (!namesProject) {
    problems.push(`the site was not built for ${projectId} (VITE_FIREBASE_PROJECT_ID): build it with npm run deploy`);
  }
  return problems;
}

/**
 * The problems of a Hosting config's Content-Security-Policy for `projectId`: it must not let
 * a demo project's auth domain frame the site's sign-in (the emulators' config names it).
 */
export function cspProblems(firebaseConfig, projectId) {
  const csp = (firebaseConfig.hosting?.headers ?? [])
    .flatMap((rule) => rule.headers)
    .find((header) => header.key === 'Content-Security-Policy')?.value;
  if (!csp) return ['the Hosting config sends no Content-Security-Policy'];
  const problems = [];
  if (/https:\/\/demo-[\w-]+\.firebaseapp\.com/.test(csp)) {
    problems.push(
      `the Content-Security-Policy names a demo project's auth domain: deploy ${projectId} with npm run deploy, which writes the project's own`,
    );
  }
  if (/127\.0\.0\.1|localhost/.test(csp)) problems.push('the Content-Security-Policy names a local address');
  return problems;
}
