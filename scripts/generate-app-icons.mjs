// `node scripts/generate-app-icons.mjs`: draws the installed app's icons (web/public/icons,
// checked in) from the site's logo with Chromium: 192 and 512 pixels, and a maskable 512 whose
// mark keeps to the safe circle (the middle 80%) that a phone's mask never cuts. Run again
// after changing web/public/logo.svg.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromePath } from './lib/bench-pages.mjs';
import { chromiumFlags } from './lib/chromium-flags.mjs';
import { root } from './lib/emulators.mjs';

const logo = readFileSync(join(root, 'web/public/logo.svg'), 'utf8');
/** The logo's orange, filling the maskable icon's whole square. */
const brand = '#ea580c';

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags });
try {
  const page = await browser.newPage();
  for (const { file, size, maskable } of icons) {
    await page.setViewportSize({ width: size, height: size });
    // The maskable icon: the logo at 70% on a full square of its colour, inside the safe zone.
    const inner = maskable ? Math.round(size * 0.7) : size;
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;` +
        `background:${maskable ? brand : 'transparent'}">` +
        `<div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
    );
    await page.screenshot({ path: join(root, 'web/public/icons', file), omitBackground: !maskable });
    console.log(`wrote web/public/icons/${file}`);
  }
} finally {
  await browser.close();
}
