// The site's server renderer and page templates, as the web build leaves them in lib/site
// beside this bundle (web/scripts/prerender.mjs): one renderer (web/src/prerender.tsx, built
// for Node with its packages inside), one HTML template per page, each with the site's
// stylesheet inline and its chunk preloaded, and the stylesheet's outline, from which a page
// takes its own rules (page-rules.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageHead } from './page-head.js';
import type { StylesheetOutline } from './page-rules.js';

/** How the renderer reaches the API (web/src/lib/api-client.ts ApiTransport). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/** What the renderer answers (web/src/prerender.tsx RenderedPage). */
export type RenderedPage = { status: 200 | 404; markup: string; head: PageHead; data: string | null; shared: boolean };

type SiteRenderer = {
  renderPage(url: URL, transport: ApiTransport): Promise<RenderedPage>;
  serverDataElementId: string;
};

/**
 * The pages rendered here, each with its template's name and the query parameters its page
 * reads (web/src/app/server-reads.ts: the meal filters of /meals, the week of /menu), in the
 * order a canonical address lists them. Any other parameter changes nothing on the page.
 */
export const renderedPages = [
  { route: '/', template: 'home', query: [] },
  { route: '/meals', template: 'meals', query: ['search', 'category', 'priceRange', 'diet', 'freeFrom'] },
  { route: '/meal/:id', template: 'meal', query: [] },
  { route: '/upcoming-meals', template: 'upcoming-meals', query: [] },
  { route: '/menu', template: 'menu', query: ['from'] },
] as const;

export type TemplateName = (typeof renderedPages)[number]['template'];

/** lib/site, beside the bundle; a test may point elsewhere. */
const siteDirectory = () => process.env.SITE_RENDERER_DIR || join(__dirname, 'site');

let renderer: Promise<SiteRenderer> | null = null;
let stylesheet: Promise<StylesheetOutline> | null = null;
const templates = new Map<TemplateName, Promise<string>>();

/** The renderer, loaded once per instance. */
export function siteRenderer(): Promise<SiteRenderer> {
  renderer ??= import(pathToFileURL(join(siteDirectory(), 'prerender.js')).href) as Promise<SiteRenderer>;
  return renderer;
}

/** A page's template, read once per instance. */
export function pageTemplate(name: TemplateName): Promise<string> {
  let template = templates.get(name);
  if (!template) {
    template = readFile(join(siteDirectory(), 'templates', `${name}.html`), 'utf8');
    templates.set(name, template);
  }
  return template;
}

/** The site's stylesheet as the build outlined it, read once per instance. */
export function stylesheetOutline(): Promise<StylesheetOutline> {
  stylesheet ??= readFile(join(siteDirectory(), 'stylesheet.json'), 'utf8').then(
    (text) => JSON.parse(text) as StylesheetOutline,
  );
  return stylesheet;
}
