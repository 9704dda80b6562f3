import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The system Chromium the suite drives (Playwright's own browser download cannot run on
 * machines without internet): CHROMIUM_PATH if set, else `chromium` on the PATH.
 */
export function findChromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'chromium');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH');
}
