// The pass page kept on the phone (ADR 86): kept by the page, drawn by the plain shell's inline
// script (run here as the build inlines it) before the site's scripts, and lifted by the site.
import { inlineKeptPassPage } from '../../../../scripts/lib/inline-loader.mjs';
import { keptAnswersKey, keptPassPageKey } from './kept-keys';
import { keepPassPage, liftKeptPassPage } from './kept-pass-page';
import { forgetAnswersOffline } from './offline-answers';

const uid = 'uid-member';
const passPath = '/dashboard/meal-pass';
const hour = 3_600_000;

/** The plain shell as the browser parses it: the root, then the inline script. */
function openShell(path = passPath) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = '<div id="root"></div>';
  new Function(inlineKeptPassPage().text)();
}

const cover = () => document.getElementById('kept-pass-page');

describe('the pass page kept on the phone', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('signedIn', '1');
    // The member's kept answers, beside which the page is kept.
    localStorage.setItem(keptAnswersKey(uid), '[]');
    window.history.replaceState(null, '', passPath);
    document.body.innerHTML = '<div id="root"><p data-testid="meal-pass-code">K7M 2QX</p></div>';
  });

  it('is drawn over the empty shell, inert, as it was kept', () => {
    keepPassPage(uid, { pass: 'lunch-1 K7M2QX', from: Date.now() - hour, until: Date.now() + hour });
    openShell();
    expect(cover()).not.toBeNull();
    expect(cover()).toHaveAttribute('inert');
    expect(cover()!.nextElementSibling).toBe(document.getElementById('root'));
    expect(cover()).toHaveTextContent('K7M 2QX');
    // A picture of the page: no id or test id names two elements beside the live page.
    expect(cover()!.querySelector('[id], [data-testid]')).toBeNull();
    // The live page beneath is laid out, not painted, until the cover is lifted.
    expect(document.getElementById('root')!.style.visibility).toBe('hidden');
    liftKeptPassPage();
    expect(cover()).toBeNull();
    expect(document.getElementById('root')!.style.visibility).toBe('');
  });

  it('is drawn only on its page, while its pass may be shown, and while someone is signed in', () => {
    keepPassPage(uid, { pass: 'lunch-1 K7M2QX', from: Date.now() - hour, until: Date.now() + hour });
    openShell('/dashboard/my-profile');
    expect(cover()).toBeNull();
    localStorage.removeItem('signedIn');
    openShell();
    expect(cover()).toBeNull();

    localStorage.setItem('signedIn', '1');
    document.body.innerHTML = '<div id="root"><p>later</p></div>';
    keepPassPage(uid, { pass: 'dinner-1 ABC234', from: Date.now() + hour, until: Date.now() + 3 * hour });
    openShell();
    expect(cover()).toBeNull();
    document.body.innerHTML = '<div id="root"><p>ended</p></div>';
    keepPassPage(uid, { pass: 'breakfast-1 DEF567', from: Date.now() - 3 * hour, until: Date.now() - 1 });
    openShell();
    expect(cover()).toBeNull();
  });

  it('is written again only for another pass', () => {
    keepPassPage(uid, { pass: 'lunch-1 K7M2QX', from: Date.now() - hour, until: Date.now() + hour });
    document.getElementById('root')!.innerHTML = '<p data-testid="meal-pass-code">ONL INE</p>';
    keepPassPage(uid, { pass: 'lunch-1 K7M2QX', from: Date.now() - hour, until: Date.now() + hour });
    expect(JSON.parse(localStorage.getItem(keptPassPageKey(uid))!).html).toContain('K7M 2QX');
    expect(JSON.parse(localStorage.getItem(keptPassPageKey(uid))!).html).not.toContain('ONL INE');
  });

  it('shows a hostile meal title as the same text, never as markup', () => {
    const title = '<img src=x onerror="window.hacked=1">Stew';
    document.getElementById('root')!.textContent = title;
    keepPassPage(uid, { pass: 'lunch-1 K7M2QX', from: Date.now() - hour, until: Date.now() + hour });
    openShell();
    expect(cover()).toHaveTextContent(title);
    expect(cover()!.querySelector('img')).toBeNull();
  });

  it('goes with the kept answers: kept for the member signed in, deleted at a sign-out', () => {
    keepPassPage(uid, { pass: 'lunch-1 K7M2QX', from: Date.now() - hour, until: Date.now() + hour });
    forgetAnswersOffline(uid);
    expect(localStorage.getItem(keptPassPageKey(uid))).not.toBeNull();
    forgetAnswersOffline('uid-another-member');
    expect(localStorage.getItem(keptPassPageKey(uid))).toBeNull();

    localStorage.setItem(keptAnswersKey(uid), '[]');
    keepPassPage(uid, { pass: 'lunch-1 K7M2QX', from: Date.now() - hour, until: Date.now() + hour });
    forgetAnswersOffline();
    expect(localStorage.getItem(keptPassPageKey(uid))).toBeNull();
    openShell();
    expect(cover()).toBeNull();
    // Drawn again after the sign-out deleted the answers: not kept.
    keepPassPage(uid, { pass: 'lunch-1 K7M2QX', from: Date.now() - hour, until: Date.now() + hour });
    expect(localStorage.getItem(keptPassPageKey(uid))).toBeNull();
  });
});
