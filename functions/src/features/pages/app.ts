// The `pages` function (ADR 0038): the public pages rendered with their data, behind Hosting
// rewrites of /, /meals, /meal/{id}, /upcoming-meals and /menu. The HTML is the same for every
// visitor (rendered without a token), so the Hosting CDN keeps it as long as the API's public
// answers, and the browser adds what is personal once it has taken the page over. An address
// with parameters the page does not read is sent to the page's own address first, so the CDN
// keeps one copy of each page; renders are limited per address (ADR 0050).
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { logger } from 'firebase-functions';
import { clientMistake } from '../../app.js';
import { rateLimitSettings, type RateLimitSettings } from '../../config.js';
import { privateCacheControl, publicCacheControl } from '../../lib/http-cache.js';
import { createRateLimits, TooManyRequests } from '../../lib/rate-limit.js';
import { withPageHead } from './page-head.js';
import { internalApi } from './internal-api.js';
import { withPageRules } from './page-rules.js';
import {
  pageTemplate,
  renderedPages,
  siteRenderer,
  stylesheetOutline,
  type PageTransport,
  type TemplateName,
} from './site.js';

const rootElement = '<div id="root"></div>';

/** The template with the page's markup and, when it has them, the answers it was rendered from. */
export function pageHtml(template: string, markup: string, data: string | null, dataElementId: string): string {
  if (!template.includes(rootElement)) throw new Error(`The page template has no ${rootElement}`);
  // JSON data, never run: the Content-Security-Policy needs no hash or nonce for it.
  const dataElement = data === null ? '' : `<script type="application/json" id="${dataElementId}">${data}</script>`;
  return template.replace(rootElement, () => `<div id="root">${markup}</div>${dataElement}`);
}

async function renderRoute(template: TemplateName, req: Request, res: Response, transport: PageTransport) {
  const [{ renderPage, serverDataElementId }, html, stylesheet] = await Promise.all([
    siteRenderer(),
    pageTemplate(template),
    stylesheetOutline(),
  ]);
  const page = await renderPage(new URL(req.originalUrl, 'http://hostelhub.invalid'), transport);
  // The same for every visitor; a cache must still never hand a signed-in caller's copy to
  // others, should one ever differ by its token or session cookie.
  res.vary('Authorization').vary('Cookie').vary('Accept-Encoding');
  res.set('Cache-Control', page.shared ? publicCacheControl : privateCacheControl);
  res.status(page.status).type('html');
  // Only the style rules this markup uses: the whole stylesheet follows before the site runs.
  const body = withPageRules(
    pageHtml(withPageHead(html, page.head), page.markup, page.data, serverDataElementId),
    stylesheet,
  );
  // Brotli wherever the browser takes it (Express would pick gzip, the first a browser names).
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null;
  if (encoding) res.set('Content-Encoding', encoding).send(compressedPage(body, encoding));
  else res.send(body);
}

/**
 * A page compressed here, as Hosting compresses its files (it passes a function's answer on as
 * it is). Brotli is 8-15% smaller than gzip, which keeps `/` and `/menu`, headers included,
 * within TCP's first window of 14.6 KB (ADR 87). Quality 6 takes about a millisecond for a
 * page; 11 would save 8% more for 50-140.
 */
function compressedPage(body: string, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
}

/**
 * What a failed render answers: the page's template without markup, which the browser draws
 * by itself (as any page the build did not render), never kept by a cache.
 */
async function drawnByTheBrowser(template: TemplateName, error: unknown, res: Response) {
  logger.error('Could not render a page', error);
  if (res.headersSent) return;
  res
    .status(503)
    .set('Cache-Control', privateCacheControl)
    .type('html')
    .send(await pageTemplate(template));
}

/**
 * The page's canonical address for `url` (path and query as requested): only the parameters
 * the page reads, in the page's order, each once and only when it has a value. Null when `url`
 * is that address already.
 */
export function canonicalAddress(url: URL, known: readonly string[]): string | null {
  const canonical = new URLSearchParams();
  for (const name of known) {
    const value = url.searchParams.get(name);
    if (value) canonical.set(name, value);
  }
  const query = canonical.toString();
  if (query === url.search.replace(/^\?/, '')) return null;
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/**
 * Sends an address with parameters the page does not read (`/menu?x=<random>`) to the page's
 * canonical address, before any render or counter: the CDN keys on the whole address, so each
 * made-up parameter would otherwise be a copy of its own, rendered afresh (10-20 Firestore
 * reads). The redirect itself is kept by the CDN like the page.
 */
function toCanonicalAddress(known: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const address = canonicalAddress(new URL(req.originalUrl, 'http://hostelhub.invalid'), known);
    if (address === null) return next();
    res.set('Cache-Control', publicCacheControl).redirect(301, address);
  };
}

/** The short page a refused render answers: no script, no style, the wait in words. */
function tooManyRendersPage(seconds: number): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<title>Too many requests · HostelHub</title></head>',
    '<body><main><h1>Too many requests</h1>',
    `<p>Pages were asked for from your address faster than anyone reads them. Please try again in ${seconds} seconds.</p>`,
    '<p><a href="/">HostelHub home</a></p></main></body>',
    '</html>',
  ].join('\n');
}

/**
 * What Express raises before a page is rendered (an address such as `/meal/%zz` that does not
 * decode, 400) answers a short text, never Express's own page with the error's stack.
 */
const answerPlainly: ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof TooManyRequests) {
    res
      .status(429)
      .set('Retry-After', String(error.retryAfterSeconds))
      .set('Cache-Control', privateCacheControl)
      .type('html')
      .send(tooManyRendersPage(error.retryAfterSeconds));
    return;
  }
  const status = typeof error.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) logger.error('A page request failed', error);
  // The API's words for the same mistakes (app.ts).
  const message = status === 500 ? 'Something went wrong' : clientMistake(error, status);
  res.status(status).set('Cache-Control', privateCacheControl).type('text').send(message);
};

/** Settings a test may replace; production reads them from the environment (config.ts). */
export type PagesAppOptions = { rateLimits?: () => RateLimitSettings };

/** The pages function's app; `transport` is how pages read the API (this instance's, by default). */
export function createPagesApp(transport: PageTransport = internalApi, options: PagesAppOptions = {}) {
  const app = express();
  app.disable('x-powered-by');
  const { limitPageRenders } = createRateLimits(options.rateLimits ?? rateLimitSettings);
  for (const { route, template, query } of renderedPages) {
    app.get(route, toCanonicalAddress(query), limitPageRenders, (req, res, next) => {
      renderRoute(template, req, res, transport)
        .catch((error) => drawnByTheBrowser(template, error, res))
        .catch(next);
    });
  }
  app.use((_req, res) => {
    res.status(404).set('Cache-Control', privateCacheControl).type('text').send('Not found');
  });
  app.use(answerPlainly);
  return app;
}
