#!/usr/bin/env node
// Screenshots of the storefront at phone and desktop sizes, for eyeballing the design.
//   node scripts/screenshots.mjs [baseUrl] [outDir]
// baseUrl defaults to http://127.0.0.1:4173 (npx vite preview); outDir to /tmp/ankara-shots.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const out = process.argv[3] ?? '/tmp/ankara-shots';
const pages = (
  process.env.PAGES ??
  '/,/collections/formal-shoes,/product/formal-shoes-1,/about,/contact,/privacy,/search?q=loafer,/collections/nope,/product/nope,/nowhere,/mybag'
).split(',');
const viewports = [
  { name: 'mobile', width: 412, height: 823, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  { name: 'desktop', width: 1366, height: 768, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const vp of process.env.STATES_ONLY ? [] : viewports) {
    const context = await browser.newContext({
      viewport: { width: vp.width, height: vp.height },
      deviceScaleFactor: vp.deviceScaleFactor,
      isMobile: vp.isMobile,
      hasTouch: vp.hasTouch,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    page.on('console', (msg) => msg.type() === 'error' && console.log(`[${vp.name}] console: ${msg.text()}`));
    page.on('pageerror', (err) => console.log(`[${vp.name}] page error: ${err.message}`));
    for (const path of pages) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      // Scroll through the page so lazy images load, then back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(500);
      const file = `${out}/${vp.name}${path.replace(/[/?=&]+/g, '_') || '_home'}.png`;
      await page.screenshot({ path: file, fullPage: process.env.FULL !== '0' });
      console.log(file, await page.title());
    }
    await context.close();
  }

  // Interactive states: open menus and the search bar, and the moving mobile collections list.
  const mobile = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  let page = await mobile.newPage();
  await page.goto(base + '/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Collections' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/state-mobile-sidebar.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('brogue');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/state-mobile-search.png` });
  await page.keyboard.press('Escape');
  await page.evaluate(() => document.getElementById('collections')?.scrollIntoView());
  await page.mouse.wheel(0, 500);
  await page.waitForTimeout(900);
  await page.screenshot({ path: `${out}/state-mobile-collections-motion.png` });
  await mobile.close();

  const desktop = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  page = await desktop.newPage();
  await page.goto(base + '/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Collections' }).first().click();
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${out}/state-desktop-collections-menu.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${out}/state-desktop-account-menu.png` });
  await page.goto(base + '/collections/formal-shoes', { waitUntil: 'networkidle' });
  await page
    .getByRole('link', { name: /Penny Loafer/ })
    .first()
    .hover();
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${out}/state-desktop-card-hover.png` });
  await desktop.close();
} finally {
  await browser.close();
}
