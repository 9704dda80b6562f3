// After `vite build` and the SSR build of src/prerender.tsx (see package.json "build"):
//
//   dist/pages/<name>.html     /login, /register and the footer's /about, /contact, /faq,
//                              /terms, /privacy (firebase.json rewrites): each page's first
//                              view, so header, headings and static text paint before any
//                              JavaScript runs (docs/decisions/0015)
//   dist/pages/app.html        every other route: the plain shell
//   functions/lib/site/        the server renderer and a template for each page the `pages`
//                              function renders with its data: /, /meals, /meal/{id},
//                              /upcoming-meals, /menu (docs/decisions/0038)
//
// Each file carries the site's stylesheet inline (the CSP allows inline styles, not scripts)
// so the first paint waits for no other file, and preloads its page's own chunk so that it
// arrives alongside the main bundle.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createJiti } from 'jiti';
import postcss from 'postcss';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
// SITE_BUILD_DIR (vite.config.ts): a build kept apart from the one the emulators serve, as the
// deploy's dry run makes, with its dist, server bundle and renderer in that folder.
const apart = process.env.SITE_BUILD_DIR;
const dist = apart ? join(apart, 'dist') : join(web, 'dist');
const serverBundle = apart ? join(apart, 'prerender') : join(web, '.prerender');

const jiti = createJiti(import.meta.url);
// The public page table (packages/contracts/src/public-pages.ts): each page's path and module,
// and whether the `pages` function draws it per request (it gets a template here: the page's
// HTML with its stylesheet inline and its chunk preloaded, and an empty root the function
// fills) or this script draws it whole, once.
const { publicPageList } = await jiti.import('../../packages/contracts/src/public-pages.ts');
const renderedPages = publicPageList.filter((page) => page.drawn === 'per-request');
const { outlineStylesheet, withPageRules } = await jiti.import('../../functions/src/features/pages/page-rules.ts');
const { withPageHead } = await jiti.import('../../functions/src/features/pages/page-head.ts');
const { inlineKeptPassPage, inlineLoader, projectHostingConfig, scriptSources } =
  await import('../../scripts/lib/inline-loader.mjs');

// The loader each page carries inline, and the plain shell's drawing of the pass page kept on
// the phone, each allowed by its hash in the site's policy and by nothing else (ADR 0061, 86):
// a policy that does not name the loader's text would leave every page inert.
const loaderScript = inlineLoader();
const keptPassPageScript = inlineKeptPassPage();
for (const [script, file] of [
  [loaderScript, 'web/inline/load-site.js'],
  [keptPassPageScript, 'web/inline/kept-pass-page.js'],
]) {
  if (!scriptSources(projectHostingConfig()).includes(script.source)) {
    throw new Error(
      `firebase.json's Content-Security-Policy does not allow the inline script of ${file}: ` +
        `put ${script.source} in its script-src, in place of that script's former hash (ADR 0061)`,
    );
  }
}

/**
 * The pages prerendered, the file each goes to and the module of its lazy route. Each is
 * prerendered with what it says of itself: its document title (web/src/lib/page-head.ts).
 */
export const prerenderedPages = publicPageList
  .filter((page) => page.drawn === 'at-build')
  .map((page) => ({ path: page.path, file: `pages${page.path}.html`, module: page.module }));

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = manifest['index.html'];
if (!entry) throw new Error('dist/.vite/manifest.json has no entry for index.html');
// Each page carries the rules of this stylesheet that its markup uses (ADR 0043).
if (entry.css?.length !== 1)
  throw new Error('the site is built with one stylesheet, which its pages cut to their own rules');
const stylesheetOutline = outlineStylesheet(postcss.parse(readFileSync(join(dist, entry.css[0]), 'utf8')));

/** The chunk of `key` and every chunk it imports statically. */
function chunksOf(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunksOf(imported, seen);
  return seen;
}
/**
 * The page's own chunk and the chunks it imports, preloaded. None is asked for with the HTML:
 * `scriptsAfterLoad` hands them to the loader, which asks for them after the first paint
 * (asked for in the head, they made that paint wait for their bytes, measured with
 * Lighthouse). All of them, not the page's chunk alone: the build leaves preloading a lazy
 * chunk's imports to us (vite.config.ts `modulePreload`), and one after the other they were a
 * round trip more before the take-over.
 */
function preloadsFor(module) {
  if (!manifest[module]) throw new Error(`${module} is not a chunk of the build (dist/.vite/manifest.json)`);
  const chunks = [...chunksOf(module)];
  const css = chunks.flatMap((key) => manifest[key].css ?? []).filter((file) => !entry.css?.includes(file));
  return [
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
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

/**
 * The page's scripts started by web/inline/load-site.js once the page's content has arrived
 * (the window's load event), instead of asked for with the HTML: the page is whole without
 * them, and on a slow link they delayed its largest picture (ADR 0039). The entry goes in
 * `data-entry`, the chunks the page preloads in `data-preload`. The loader is inline: as a
 * file its request waited for the parse and the largest paint for it (ADR 0061).
 */
function scriptsAfterLoad(html) {
  const lines = html.match(/^\s*<(?:script type="module"|link rel="modulepreload")[^\n]*\n/gm) ?? [];
  const entryScript = lines.find((line) => line.includes('<script type="module"'));
  if (!entryScript) throw new Error('the page has no module script');
  let page = html;
  for (const line of lines) page = page.replace(line, '');
  const source = (line) => /(?:src|href)="([^"]+)"/.exec(line)[1];
  // The entry imports React DOM and the site's shell with import(), to evaluate them in tasks
  // of their own (src/main.tsx); they are asked for beside it all the same, not one after the
  // other as each import() is reached.
  const entryImports = (entry.dynamicImports ?? []).flatMap((key) => [...chunksOf(key)]);
  const preloads = [
    ...new Set([
      ...lines.filter((line) => line !== entryScript).map(source),
      ...entryImports.map((key) => `/${manifest[key].file}`),
    ]),
  ];
  const loader = `<script data-entry="${source(entryScript)}" data-preload="${preloads.join(' ')}">${loaderScript.text}</script>`;
  return page.replace('</body>', () => `  ${loader}\n  </body>`);
}

const { prerender } = await import(pathToFileURL(join(serverBundle, 'prerender.js')).href);
const rootTag = '<div id="root"></div>';
if (!template.includes(rootTag)) throw new Error(`dist/index.html has no ${rootTag}`);

mkdirSync(join(dist, 'pages'), { recursive: true });
// The plain shell draws the pass page kept on the phone, if any, as its root is parsed (ADR 86).
writeFileSync(
  join(dist, 'pages', 'app.html'),
  template.replace(rootTag, () => `${rootTag}\n    <script>${keptPassPageScript.text}</script>`),
);
// `/` is rendered by the function: with an index.html Hosting would serve that file instead.
rmSync(join(dist, 'index.html'));
for (const page of prerenderedPages) {
  // Buttons stay inert until the site runs (src/prerender.tsx); what is typed meanwhile is
  // kept (web/src/app/take-over-prerendered.ts).
  const { markup, head } = await prerender(page.path);
  const html = withPageRules(
    withPageHead(
      scriptsAfterLoad(inlineStylesheets(template).replace('</head>', `  ${preloadsFor(page.module)}\n  </head>`)),
      head,
    ).replace(rootTag, () => `<div id="root">${markup}</div>`),
    stylesheetOutline,
  );
  writeFileSync(join(dist, page.file), html);
  console.log(`prerendered ${page.path} -> dist/${page.file} (${(html.length / 1024).toFixed(1)} KB)`);
}

// The server renderer and the templates of the pages it renders, beside the functions' bundle
// (functions/lib/site), where the `pages` function loads them. The renderer's packages are
// inside it (vite.config.ts `ssr.noExternal`); `type: module` because it is an ES module and
// functions/lib is CommonJS.
const site = apart ? join(apart, 'site') : join(web, '..', 'functions', 'lib', 'site');
rmSync(site, { recursive: true, force: true });
mkdirSync(join(site, 'templates'), { recursive: true });
cpSync(join(serverBundle, 'prerender.js'), join(site, 'prerender.js'));
cpSync(join(serverBundle, 'assets'), join(site, 'assets'), {
  recursive: true,
  filter: (source) => !/\.(css|map)$/.test(source),
});
writeFileSync(join(site, 'package.json'), JSON.stringify({ type: 'module' }));
// The templates keep the whole stylesheet, which a page the function could not render needs;
// a rendered page is cut to its rules from this outline (functions/src/features/pages/app.ts).
writeFileSync(join(site, 'stylesheet.json'), JSON.stringify(stylesheetOutline));
for (const page of renderedPages) {
  const html = scriptsAfterLoad(
    inlineStylesheets(template).replace('</head>', `  ${preloadsFor(page.module)}\n  </head>`),
  );
  writeFileSync(join(site, 'templates', `${page.name}.html`), html);
  console.log(
    `page template ${page.name} -> ${relative(join(web, '..'), site)}/templates (${(html.length / 1024).toFixed(1)} KB)`,
  );
}
