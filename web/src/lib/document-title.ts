// Every page's document title (the browser's tab, its history, a shared link's preview, and
// what a screen reader announces on arrival), in one place: the page names itself with
// useDocumentTitle, and the same name is in the HTML the build or the server renders.
import { createContext, useContext, useEffect } from 'react';

export const siteName = 'HostelHub';

/** "Page · HostelHub", or the site's name alone for a page without a name of its own. */
export function documentTitle(pageTitle: string | null): string {
  return pageTitle ? `${pageTitle} · ${siteName}` : siteName;
}

/**
 * Outside the browser (src/prerender.tsx) no effect runs, so a render is handed a function
 * that hears the page's name while the page renders; the innermost page to name itself wins.
 */
const TitleHeard = createContext<((pageTitle: string | null) => void) | null>(null);
export const TitleHeardProvider = TitleHeard.Provider;

/** Names the page; null (while its data loads) leaves the site's name. */
export function useDocumentTitle(pageTitle: string | null): void {
  useContext(TitleHeard)?.(pageTitle);
  useEffect(() => {
    document.title = documentTitle(pageTitle);
    // The next page names itself; one that does not (the home page) must not keep this name.
    return () => {
      document.title = siteName;
    };
  }, [pageTitle]);
}
