// The meal pass page as last shown with an offline pass, kept on the phone to be drawn before
// the site's scripts on the next visit (ADR 86; web/inline/kept-pass-page.js draws it). Kept
// beside the member's kept answers, under their uid, so whatever deletes those (a sign-out,
// another member signing in) deletes it too (offline-answers.ts).

import { keptAnswersKey, keptPassPageKey } from './kept-keys';

/** The id of the cover the inline script draws (web/inline/kept-pass-page.js). */
const coverId = 'kept-pass-page';

type KeptPassPage = {
  path: string;
  /** When the pass on it may be shown: from an hour before its serving until it ends (ms). */
  from: number;
  until: number;
  /** Which pass it shows: the page is written again only for another. */
  pass: string;
  html: string;
};

/**
 * Keeps the page on screen now (the site's root) for `uid`, showing the offline pass `pass`,
 * which may be shown from `from` until `until`: only beside their kept answers, so a page
 * drawn again while a sign-out is under way is not kept after it.
 */
export function keepPassPage(uid: string, shown: { pass: string; from: number; until: number }): void {
  const root = document.getElementById('root');
  if (!root) return;
  try {
    if (localStorage.getItem(keptAnswersKey(uid)) === null) return;
    const key = keptPassPageKey(uid);
    const before = JSON.parse(localStorage.getItem(key) ?? 'null') as KeptPassPage | null;
    if (before?.pass === shown.pass && before.path === location.pathname) return;
    // A picture of the page, not the page: its ids and test ids would name two elements while
    // the live page is drawn beneath it.
    const picture = root.cloneNode(true) as HTMLElement;
    for (const element of picture.querySelectorAll('[id], [data-testid]')) {
      element.removeAttribute('id');
      element.removeAttribute('data-testid');
    }
    const page: KeptPassPage = { path: location.pathname, ...shown, html: picture.innerHTML };
    localStorage.setItem(key, JSON.stringify(page));
  } catch {
    // Storage full or refused: the page is drawn by the site, as on a first visit.
  }
}

/** Takes the kept page's cover away: the live page beneath it is drawn, or another is shown. */
export function liftKeptPassPage(): void {
  const cover = document.getElementById(coverId);
  if (!cover) return;
  cover.remove();
  document.getElementById('root')?.style.removeProperty('visibility');
}
