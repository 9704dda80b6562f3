// The flags the system Chromium runs with, for the e2e suite (e2e/playwright.config.ts) and the
// benchmark (scripts/bench.mjs) alike: without the background-networking flags Chromium floods
// a machine without internet with refused calls.
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium 156 draws the address bar's popup as pages of its own (WebUI renderers), headless
 * too: two renderers that spend about a second of processor time in the seconds after launch.
 * Lighthouse launches a fresh Chromium for each run and loads the page in those seconds, so on
 * two cores the popup's start was taken from the page measured (ADR 89).
 */
export const addressBarPopupFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * `flags` with `features` added to their --disable-features: Chromium reads only the last
 * --disable-features it is given, so a second one would undo a launcher's own.
 */
export function disablingFeatures(flags, features) {
  const prefix = '--disable-features=';
  const given = flags.filter((flag) => flag.startsWith(prefix)).flatMap((flag) => flag.slice(prefix.length).split(','));
  const all = [...new Set([...given, ...features])].filter(Boolean);
  return [...flags.filter((flag) => !flag.startsWith(prefix)), `${prefix}${all.join(',')}`];
}
