// What a rendered page's HTML head says of it, where the template has the site's own words
// (web/src/lib/page-head.ts, ADR 45): the document title the page gives itself once the site
// runs, there before it does for the browser's tab and history and a search engine; and, for a
// page worth sharing (a meal), what a shared link's preview shows, which is read from the HTML
// alone since no preview runs the site.

const templateTitle = '<title>HostelHub</title>';
const templateDescription = /<meta name="description" content="[^"]*" \/>/;

import type { PageHead } from '@hostelhub/contracts';

/** Text as HTML shows it, in an element or a quoted attribute: what an admin typed is never markup. */
const asHtmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** About what a chat's preview shows of a description; a longer one is cut after a word. */
const previewLength = 200;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= previewLength) return flat;
  const cut = flat.slice(0, previewLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > previewLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** `html` (a page template) with what `head` says in place of the site's own words. */
export function withPageHead(html: string, { title, preview }: PageHead): string {
  if (!html.includes(templateTitle)) throw new Error(`The page template has no ${templateTitle}`);
  if (!templateDescription.test(html)) throw new Error('The page template has no description');
  const tags = [`<title>${asHtmlText(title)}</title>`];
  let page = html;
  if (preview) {
    const description = asHtmlText(shortened(preview.description));
    page = page.replace(templateDescription, () => `<meta name="description" content="${description}" />`);
    tags.push(
      `<meta property="og:type" content="website" />`,
      `<meta property="og:title" content="${asHtmlText(title)}" />`,
      `<meta property="og:description" content="${description}" />`,
    );
    // A preview fetches the picture from elsewhere: only a full address can be followed there.
    if (preview.image && /^https?:\/\//i.test(preview.image)) {
      tags.push(
        `<meta property="og:image" content="${asHtmlText(preview.image)}" />`,
        `<meta name="twitter:card" content="summary_large_image" />`,
      );
    }
  }
  return page.replace(templateTitle, () => tags.join('\n    '));
}
