// The bench's Chromium flags (scripts/lib/chromium-flags.mjs): Chromium reads only the last
// --disable-features, so the bench's must be merged into Lighthouse's own.
import { describe, expect, it } from 'vitest';
import { addressBarPopupFeatures, disablingFeatures } from './chromium-flags.mjs';

describe('features disabled beside a launcher’s own', () => {
  it('merges them into one --disable-features, keeping the launcher’s and every other flag', () => {
    const flags = disablingFeatures(
      ['--disable-features=Translate,MediaRouter', '--headless'],
      addressBarPopupFeatures,
    );
    expect(flags.filter((flag) => flag.startsWith('--disable-features='))).toEqual([
      '--disable-features=Translate,MediaRouter,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
    ]);
    expect(flags).toContain('--headless');
  });

  it('adds the flag where the launcher gave none, naming each feature once', () => {
    expect(disablingFeatures(['--headless'], ['A', 'A', 'B'])).toEqual(['--headless', '--disable-features=A,B']);
  });
});
