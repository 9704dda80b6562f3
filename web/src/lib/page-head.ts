// Every page's document title (the browser's tab, its history, a shared link's preview, and
// what a screen reader announces on arrival), in one place: the page names itself with
// useDocumentTitle, and the same name is in the HTML the build or the server renders. A page
// worth sharing also describes itself for a link's preview (useLinkPreview).
import { createContext, useContext, useEffect } from 'react';

export const siteName = 'HostelHub';

/** "Page · HostelHub", or the site's name alone for a page without a name of its own. */
export function documentTitle(pageTitle: string | null): string {
  return pageTitle ? `${pageTitle} · ${siteName}` : siteName;
}

/** What a chat or a social site shows of a link to the page: read from the HTML alone. */
export type LinkPreview = { description: string; image: string | null };

/** What a page said of itself while it rendered. */
export type HeardHead = { title?: string | null; preview?: LinkPreview | null };

/**
 * Outside the browser (src/prerender.tsx) no effect runs, so a render is handed a function
 * that hears what the page says of itself while it renders.
 */
const HeadHeard = createContext<((heard: HeardHead) => void) | null>(null);
export const HeadHeardProvider = HeadHeard.Provider;

/**
 * Names the page. Null (while its data loads) leaves the title as it is: the site's name after
 * another page, or the name the page's HTML came with (a meal's 404, drawn again here).
 */
export function useDocumentTitle(pageTitle: string | null): void {
  useContext(HeadHeard)?.({ title: pageTitle });
  useEffect(() => {
    if (pageTitle === null) return;
    document.title = documentTitle(pageTitle);
    // The next page names itself; one that does not (the home page) must not keep this name.
    return () => {
      document.title = siteName;
    };
  }, [pageTitle]);
}

/**
 * Describes the page for a shared link's preview. Only the server's HTML is read for that (no
 * preview runs the site), so the browser has nothing to do.
 */
export function useLinkPreview(preview: LinkPreview | null): void {
  useContext(HeadHeard)?.({ preview });
}
