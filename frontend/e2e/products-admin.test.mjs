// The back office's Products list (issue 26), in a real browser against the real binary: reached
// from the navigation with Add product beside it, searched and filtered, several products featured
// and deleted at once (deleting asks first), one duplicated with no stock; axe on a 360 px phone.
//   ANKARA_BIN=target/release/ankara node --test frontend/e2e/products-admin.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, DESKTOP, signInAsAdmin, SMALL_PHONE, withShot, shopAndBrowserForThisFile } from './harness.mjs';

const { shop, browser } = shopAndBrowserForThisFile();

async function adminPage(viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await signInAsAdmin(page, shop);
  return page;
}

test('desktop: Products and Add product in the navigation; search, filter, bulk feature and delete, duplicate', async () => {
  const page = await adminPage(DESKTOP);
  await withShot(page, 'products-admin', async () => {
    await page.goto(`${shop.base}/admin/dashboard`);
    // The back-office navigation offers both (the sidebar, the header's menu on a phone, and the
    // dashboard's back-office links).
    await page.locator('a[href="/admin/products?add=1"]').first().waitFor();
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await page.waitForURL(`${shop.base}/admin/products`);
    const table = page.getByRole('table', { name: 'Products' });
    await table.waitFor();
    await page.getByRole('link', { name: 'Add product' }).first().waitFor();

    // Search and the collection filter narrow the list.
    await page.getByLabel('Search products').fill('Court Classic');
    await table.getByRole('row').filter({ hasText: 'Court Classic' }).first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    await page.getByLabel('Search products').fill('');
    await page.getByLabel('Collection', { exact: true }).selectOption('wristwatches');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('table tbody tr td:nth-child(3)')].every((td) => td.textContent === 'Wristwatches'),
    );

    // Two watches featured at once.
    const rows = table.locator('tbody tr');
    const names = [await rows.nth(0).locator('th a').innerText(), await rows.nth(1).locator('th a').innerText()];
    for (const name of names) await page.getByRole('checkbox', { name: `Choose ${name}` }).check();
    await page
      .getByRole('group', { name: 'With the chosen products' })
      .getByRole('button', { name: 'Feature', exact: true })
      .click();
    await page.getByRole('status').filter({ hasText: 'Featured 2 products.' }).waitFor();

    // Duplicate: a copy with no stock.
    await page.getByRole('button', { name: `Duplicate ${names[0]}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Added .*copy.*, with no stock/ })
      .waitFor();

    // Delete asks first; refused, nothing goes.
    const copyRow = rows.filter({ hasText: 'copy' }).first();
    await copyRow.waitFor();
    const copyName = await copyRow.locator('th a').innerText();
    await page.getByRole('checkbox', { name: `Choose ${copyName}` }).check();
    const asked = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    const group = page.getByRole('group', { name: 'With the chosen products' });
    await group.getByRole('button', { name: 'Delete' }).click();
    await page.waitForTimeout(200);
    assert.match(asked[0], /^Delete 1 product\? /);
    await copyRow.waitFor();
    page.once('dialog', (d) => void d.accept());
    await group.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted 1 product.' }).waitFor();
    assert.deepEqual(page.errors, []);
  });
});

test('small phone: the Products list passes axe', async () => {
  const page = await adminPage(SMALL_PHONE);
  await page.goto(`${shop.base}/admin/products?add=1`);
  await page.getByRole('table', { name: 'Products' }).waitFor();
  await page.getByLabel('Collection of the new product').waitFor();
  assert.deepEqual(await axeViolations(page), []);
});
