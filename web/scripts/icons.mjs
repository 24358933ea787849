// Draws the app's icons (web/public/icon-*.png, apple-touch-icon.png) from
// the logo (public/favicon.svg) with the test browser: the sizes Chromium's
// install prompt and Safari's home screen want. Run by hand when the logo
// changes (`node scripts/icons.mjs`); the PNGs are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const pub = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const logo = readFileSync(join(pub, 'favicon.svg'), 'utf8');
const note = /<path[^>]*\/>/.exec(logo)[0];
const colour = /fill="(#[0-9a-f]+)"/i.exec(logo)[1];
// Maskable icons and Apple's are cut to the platform's own shape: a full
// square, and for maskable icons the note inside the middle 80 % (the safe zone).
const square = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${colour}"/>` +
  `<g transform="translate(${32 - 32 * scale} ${32 - 32 * scale}) scale(${scale})">${note}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: square(0.7) },
  { file: 'apple-touch-icon.png', size: 180, svg: square(0.85) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const { file, size, svg } of ICONS) {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<body style="margin:0;background:transparent">${sized}</body>`);
  writeFileSync(join(pub, file), await page.locator('svg').screenshot({ omitBackground: true }));
}
await browser.close();
