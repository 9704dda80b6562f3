// A rendered page's document title in its HTML, where the template has the site's name: the
// name the page gives itself once the site runs (web/src/lib/document-title.ts), there before
// it does, for a shared link's preview, a search engine and the browser's tab and history.

const templateTitle = '<title>HostelHub</title>';

/** Text as HTML shows it: a meal's title is whatever an admin typed. */
const asHtmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** `html` (a page template) with `title` as its document title. */
export function withDocumentTitle(html: string, title: string): string {
  if (!html.includes(templateTitle)) throw new Error(`The page template has no ${templateTitle}`);
  return html.replace(templateTitle, () => `<title>${asHtmlText(title)}</title>`);
}
