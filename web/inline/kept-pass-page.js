// Draws the meal pass page as it was last shown with an offline pass, before the site's
// scripts have run (ADR 86): the plain shell (web/dist/pages/app.html) carries this script
// inline, right after its empty root. A member opening their pass at the counter sees it at
// the first paint rather than after the app, Firebase Auth and the first signed-in render.
// The page is kept by web/src/lib/offline/kept-pass-page.ts, which also lifts this cover once
// the live page is drawn beneath it; were the site never to, the cover goes after ten seconds.
{
  const root = document.getElementById('root');
  const prefix = 'hostelhub-offline:';
  const suffix = ':pass-page';
  try {
    const key = Object.keys(localStorage).find((name) => name.startsWith(prefix) && name.endsWith(suffix));
    const kept = key ? JSON.parse(localStorage.getItem(key)) : null;
    const now = Date.now();
    // Only while someone is signed in here (the hint the site keeps), on the page it was drawn
    // for, and while its pass may be shown.
    if (
      kept &&
      localStorage.getItem('signedIn') !== null &&
      kept.path === location.pathname &&
      kept.from <= now &&
      now < kept.until
    ) {
      const cover = document.createElement('div');
      cover.id = 'kept-pass-page';
      // Over the live page, which is laid out beneath it as it is drawn; nothing on it works.
      cover.className = 'bg-stone-50';
      cover.setAttribute('style', 'position:absolute;top:0;left:0;right:0;min-height:100%;z-index:60');
      cover.setAttribute('inert', '');
      cover.innerHTML = kept.html;
      root.before(cover);
      // The live page is laid out but not painted meanwhile: its loaders giving way to the pass
      // would count as layout shifts beneath the cover.
      root.style.visibility = 'hidden';
      setTimeout(() => {
        cover.remove();
        root.style.removeProperty('visibility');
      }, 10000);
    }
  } catch {
    // Storage refused or a kept page unreadable: the site draws the page as always.
  }
}
