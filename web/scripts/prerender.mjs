// After `vite build` and the SSR build of src/prerender.tsx (see package.json "build"): writes
// each public page's first view into its own HTML file, so the header, headings, static text
// and loading placeholders paint before any JavaScript runs (docs/decisions/0015).
//
//   dist/index.html            /                (Hosting serves it for / itself)
//   dist/pages/<name>.html     /meals, /meal/*, /upcoming-meals, /login, /register, and the footer's
//                              /about, /contact, /faq, /terms, /privacy (firebase.json rewrites)
//   dist/pages/app.html        every other route: the plain shell, as before
//
// Each file starts its page's first API reads itself (src/early-requests.ts, a script of its
// own that runs before the main bundle has arrived), carries the site's stylesheet inline
// (the CSP allows inline styles, not scripts) so the first paint waits for no other file, and
// preloads its page's own chunk so that it arrives alongside the main bundle.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');

/**
 * The pages prerendered, the file each goes to, the module of its lazy route, and the title of
 * a page whose heading is its PageTitle (the others keep the template's "HostelHub").
 */
export const prerenderedPages = [
  { path: '/', file: 'index.html', module: 'src/features/meals/pages/home.tsx' },
  { path: '/meals', file: 'pages/meals.html', module: 'src/features/meals/pages/meals.tsx' },
  // Any meal: the page's loading view, the same for every id.
  { path: '/meal/prerendered', file: 'pages/meal.html', module: 'src/features/meals/pages/meal-detail.tsx' },
  {
    path: '/upcoming-meals',
    file: 'pages/upcoming-meals.html',
    module: 'src/features/meals/pages/upcoming-meals.tsx',
  },
  { path: '/menu', file: 'pages/menu.html', module: 'src/features/menu/pages/menu.tsx' },
  { path: '/login', file: 'pages/login.html', module: 'src/features/auth/pages/login.tsx' },
  { path: '/register', file: 'pages/register.html', module: 'src/features/auth/pages/register.tsx' },
  // The footer's pages: all text, so they are whole before any JavaScript (content.ts).
  ...[
    ['/about', 'About Us'],
    ['/contact', 'Contact'],
    ['/faq', 'FAQ'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ].map(([path, title]) => ({
    path,
    file: `pages${path}.html`,
    module: 'src/features/info-pages/pages/info-page.tsx',
    title,
  })),
];

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = manifest['index.html'];
if (!entry) throw new Error('dist/.vite/manifest.json has no entry for index.html');

/** The chunk of `key` and every chunk it imports statically. */
function chunksOf(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunksOf(imported, seen);
  return seen;
}
/**
 * The page's own chunk, preloaded (the chunks it imports come with it once it is parsed:
 * preloading those too made the first paint wait for more bytes, measured with Lighthouse).
 */
function preloadsFor(module) {
  if (!manifest[module]) throw new Error(`${module} is not a chunk of the build (dist/.vite/manifest.json)`);
  const css = [...chunksOf(module)]
    .flatMap((key) => manifest[key].css ?? [])
    .filter((file) => !entry.css?.includes(file));
  return [
    `<link rel="modulepreload" crossorigin href="/${manifest[module].file}">`,
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('\n    ');
}

/** The entry's stylesheet link, replaced by the stylesheet itself. */
function inlineStylesheets(html) {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (link, file) => {
    const css = readFileSync(join(dist, file), 'utf8');
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
    // The disabled link fetches nothing; it tells Vite's loader of lazy chunks that this
    // stylesheet is on the page already, so a lazy chunk does not fetch it again.
    return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}

const early = manifest['src/early-requests.ts'];
if (!early) throw new Error('dist/.vite/manifest.json has no entry for src/early-requests.ts');
const earlyScript = `<script type="module" async crossorigin src="/${early.file}"></script>`;
const mainScript = '<script type="module" crossorigin';
if (!template.includes(mainScript)) throw new Error('dist/index.html has no module script');

const { prerender } = await import(pathToFileURL(join(web, '.prerender', 'prerender.js')).href);
const rootTag = '<div id="root"></div>';
const titleTag = '<title>HostelHub</title>';
if (!template.includes(titleTag)) throw new Error(`dist/index.html has no ${titleTag}`);
if (!template.includes(rootTag)) throw new Error(`dist/index.html has no ${rootTag}`);

mkdirSync(join(dist, 'pages'), { recursive: true });
writeFileSync(join(dist, 'pages', 'app.html'), template);
for (const page of prerenderedPages) {
  // Until the site runs, its buttons do nothing: they say so (aria-disabled, which also makes
  // browser automation wait for the live ones), and a form must not submit itself (a login
  // form would put the password in the address), so submit buttons are plain buttons. What is
  // typed meanwhile is kept (web/src/app/take-over-prerendered.ts).
  const markup = (await prerender(page.path))
    .replaceAll('<button ', '<button aria-disabled="true" ')
    .replaceAll('type="submit"', 'type="button"');
  const html = inlineStylesheets(template)
    .replace(mainScript, `${earlyScript}\n    ${mainScript}`)
    .replace('</head>', `  ${preloadsFor(page.module)}\n  </head>`)
    // The same title PageTitle sets once the site runs (web/src/components/page-title.tsx).
    .replace(titleTag, page.title ? `<title>${page.title} · HostelHub</title>` : titleTag)
    .replace(rootTag, `<div id="root">${markup}</div>`);
  writeFileSync(join(dist, page.file), html);
  console.log(`prerendered ${page.path} -> dist/${page.file} (${(html.length / 1024).toFixed(1)} KB)`);
}
