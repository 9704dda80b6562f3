// After the prerender (package.json "bundle"): writes dist/sw.js, the service worker that makes
// the site installable and opens it with no signal (ADR 79). Workbox's generateSW, run here
// rather than through the Vite plugin: the plugin writes the worker when `vite build` ends,
// before web/scripts/prerender.mjs writes the app shell (pages/app.html) the worker must hold.
//
// - Precached: every hashed script and stylesheet (a lazy page opens offline too), the app
//   shell, the manifest and its icons. A new build's worker installs beside the old one and
//   waits: the site offers "A new version is ready" and reloads on the member's word
//   (web/src/lib/offline/service-worker.ts), never mid-action.
// - Navigations go to the network as before (the server renders the public pages with their
//   data); with no network, the app shell opens the page, with the answers kept offline.
// - Push messages are shown by web/public/push-handler.js, which the worker imports (ADR 81).
// - Nothing of /api is cached here: the member's answers are kept per member by the page
//   (web/src/lib/offline/offline-answers.ts) and dropped at sign-out.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';

const web = fileURLToPath(new URL('..', import.meta.url));
const apart = process.env.SITE_BUILD_DIR;
const dist = apart ? join(apart, 'dist') : join(web, 'dist');

/** The app shell: what a navigation gets offline (firebase.json's catch-all rewrite). */
export const appShell = '/pages/app.html';

const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: ['assets/**/*.{js,css}', 'pages/app.html', 'manifest.webmanifest', 'icons/*.png', 'logo.svg'],
  // Hashed files are their own version; the shell's revision is its content's hash.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  swDest: join(dist, 'sw.js'),
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: 'production',
  cleanupOutdatedCaches: true,
  // Waits for the member's word (a SKIP_WAITING message) before taking over.
  skipWaiting: false,
  clientsClaim: false,
  // Push messages (ADR 81): shown as notifications, opened on a click (web/public/push-handler.js).
  importScripts: ['push-handler.js'],
  runtimeCaching: [
    {
      urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
      handler: 'NetworkOnly',
      options: { precacheFallback: { fallbackURL: appShell } },
    },
    {
      // The meals' pictures: shown from the cache while the network answers.
      urlPattern: ({ url }) => url.pathname.startsWith('/images/'),
      handler: 'StaleWhileRevalidate',
      options: { cacheName: 'images', expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 } },
    },
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`wrote ${join(dist, 'sw.js')}: ${count} files precached, ${Math.round(size / 1024)} KB`);
