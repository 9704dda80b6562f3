// The site's server renderer and page templates, as the web build leaves them in lib/site
// beside this bundle (web/scripts/prerender.mjs): one renderer (web/src/prerender.tsx, built
// for Node with its packages inside), one HTML template per page, each with the site's
// stylesheet inline and its chunk preloaded, and the stylesheet's outline, from which a page
// takes its own rules (page-rules.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publicPageList, type ApiTransport, type RenderedPage, type RenderedPageName } from '@hostelhub/contracts';
import type { StylesheetOutline } from './page-rules.js';

/** How the renderer reaches the API here: fetch's shape, with fetch's types. */
export type PageTransport = ApiTransport<RequestInit, Response>;

type SiteRenderer = {
  renderPage(url: URL, transport: PageTransport): Promise<RenderedPage>;
  serverDataElementId: string;
};

/**
 * The pages rendered here (the public pages drawn per request), each with its template's name
 * (the page's) and the query parameters its page reads, in the order a canonical address lists
 * them. Any other parameter changes nothing on the page.
 */
export const renderedPages = publicPageList
  .filter((page) => page.drawn === 'per-request')
  .map((page) => ({ route: page.path, template: page.name as TemplateName, query: page.query }));

export type TemplateName = RenderedPageName;

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
