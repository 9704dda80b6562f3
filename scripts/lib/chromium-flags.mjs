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
