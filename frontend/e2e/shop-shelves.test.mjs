// The merchant's collections and pages (issue 33, parts 3 and 4) end to end against the real
// binary: an admin adds a collection and a Returns page in the back office; then a shopper in a
// fresh browser finds the collection in the header's menu (the sidebar on a phone) and the page in
// the footer, at 360 px and 1366 px, with no serious accessibility violation on any screen.
//   cargo build --release
//   ANKARA_BIN=target/release/ankara node --test --test-concurrency=1 frontend/e2e/shop-shelves.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP,
  SMALL_PHONE,
  axePage,
  axeViolations,
  demoImage,
  newPage,
  signInAsAdmin,
  withShot,
  shopAndBrowserForThisFile,
} from './harness.mjs';

const SHOTS = process.env.SHELVES_SHOTS ?? '';

const { shop, browser } = shopAndBrowserForThisFile();

async function shot(page, name) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noViolations(page, where) {
  assert.deepEqual(await axeViolations(page), [], `axe on ${where}`);
}

test('an admin adds a collection and a Returns page; shoppers find them in the menus and the footer', async () => {
  const page = await axePage(browser, DESKTOP);
  await withShot(page, 'shelves-admin', async () => {
    await signInAsAdmin(page, shop);

    // ---- The collections manager: add one; it goes last, in the menus.
    await page.goto(`${shop.base}/admin/collections`);
    const form = page.getByRole('form', { name: 'Add a collection' });
    await form.getByLabel('Name').fill('Adire Dresses');
    await form.getByLabel('Description').fill('Hand-dyed adire, cut for Lagos evenings.');
    await form.getByLabel('Image').setInputFiles(demoImage('hero-2-1024.jpg'));
    await form.getByRole('button', { name: 'Add Collection' }).click();
    await page.getByRole('status').filter({ hasText: 'New collection added successfully' }).waitFor();
    await page.getByRole('link', { name: '/collections/adire-dresses' }).waitFor();
    // Hide a seed collection from the menus.
    const watches = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: '/collections/wristwatches' }) });
    // A click, not uncheck(): the box follows the server's answer, not the click.
    await watches.getByRole('checkbox', { name: 'In menus' }).click();
    await page.getByText('Wristwatches is hidden from the menus.').waitFor();
    await noViolations(page, '/admin/collections');
    await shot(page, 'admin-collections-1366');

    // ---- The pages: a new Returns page, previewed, then saved.
    await page.goto(`${shop.base}/admin/pages`);
    await page.getByRole('button', { name: 'New page' }).click();
    await page.getByLabel('Title').fill('Returns for Lagos pick-ups');
    await page.getByLabel('Description').fill('Bring it back to the shop within 7 days.');
    await page
      .getByLabel('Text (Markdown)')
      .fill('## Within 7 days\n\nBring the item **unworn**, with its tags. [Ask us](/contact) first.');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { level: 3, name: 'Within 7 days' }).waitFor();
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByText('Saved. The page is at /pages/returns-for-lagos-pick-ups.').waitFor();
    await noViolations(page, '/admin/pages');
    await shot(page, 'admin-pages-1366');
  });

  // ---- The admin screens at 360 px.
  const phoneAdmin = await axePage(browser, SMALL_PHONE);
  await withShot(phoneAdmin, 'shelves-admin-360', async () => {
    await signInAsAdmin(phoneAdmin, shop);
    await phoneAdmin.goto(`${shop.base}/admin/collections`);
    await phoneAdmin.getByRole('link', { name: '/collections/adire-dresses' }).waitFor();
    await noViolations(phoneAdmin, '/admin/collections at 360 px');
    const width = await phoneAdmin.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no sideways scroll at 360 px (${width})`);
    await shot(phoneAdmin, 'admin-collections-360');
    await phoneAdmin.goto(`${shop.base}/admin/pages`);
    await phoneAdmin.getByRole('button', { name: 'Edit Returns for Lagos pick-ups' }).click();
    await phoneAdmin.getByRole('button', { name: 'Preview' }).click();
    await phoneAdmin.getByRole('heading', { level: 3, name: 'Within 7 days' }).waitFor();
    await noViolations(phoneAdmin, '/admin/pages at 360 px');
    await shot(phoneAdmin, 'admin-pages-360');
  });

  // ---- A shopper on a desktop: the header's Collections menu and the footer.
  const desktop = await axePage(browser, DESKTOP);
  await withShot(desktop, 'shelves-desktop', async () => {
    await desktop.goto(`${shop.base}/`);
    await desktop.getByRole('button', { name: 'Collections' }).click();
    const menu = desktop.getByRole('banner');
    await menu.getByRole('link', { name: 'Adire Dresses' }).waitFor();
    assert.equal(
      await menu.getByRole('link', { name: 'Wristwatches' }).count(),
      0,
      'the hidden one is not in the menu',
    );
    await desktop.keyboard.press('Escape');
    const footer = desktop.getByRole('contentinfo');
    assert.equal(await footer.getByRole('link', { name: 'Tracking' }).getAttribute('href'), '/track');
    assert.equal(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'), '/pages/privacy');
    await footer.getByRole('link', { name: 'Returns for Lagos pick-ups' }).click();
    await desktop.getByRole('heading', { level: 1, name: 'Returns for Lagos pick-ups' }).waitFor();
    await desktop.getByRole('heading', { level: 3, name: 'Within 7 days' }).waitFor();
    assert.equal(await desktop.title(), `Returns for Lagos pick-ups — Ankara`);
    await noViolations(desktop, '/pages/returns-for-lagos-pick-ups');
    await shot(desktop, 'page-1366');
    // The page's own link opens in the app.
    await desktop.getByRole('link', { name: 'Ask us' }).click();
    await desktop.waitForURL(`${shop.base}/contact`);
    // The starter Privacy Policy, at its old address too.
    await desktop.goto(`${shop.base}/privacy`);
    await desktop.waitForURL(`${shop.base}/pages/privacy`);
    await desktop.getByRole('heading', { level: 3, name: 'Your rights' }).waitFor();
    await noViolations(desktop, '/pages/privacy');
  });

  // ---- A shopper on a small phone: the sidebar's Collections and the footer.
  const phone = await newPage(browser, SMALL_PHONE, { bypassCSP: true });
  await withShot(phone, 'shelves-phone', async () => {
    await phone.goto(`${shop.base}/`);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = phone.getByRole('dialog', { name: 'Menu' });
    await sidebar.getByRole('button', { name: 'Collections' }).click();
    await sidebar.getByRole('link', { name: 'Adire Dresses' }).waitFor();
    assert.equal(await sidebar.getByRole('link', { name: 'Wristwatches' }).count(), 0);
    await shot(phone, 'sidebar-360');
    await sidebar.getByRole('link', { name: 'Adire Dresses' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Adire Dresses' }).waitFor();
    const footer = phone.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Returns for Lagos pick-ups' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Returns for Lagos pick-ups' }).waitFor();
    await noViolations(phone, '/pages/… at 360 px');
    await shot(phone, 'page-360');
  });
});
