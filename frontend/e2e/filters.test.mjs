// Filters and sort on a collection page (issue 25), in a real browser against the real binary on a
// 360 px phone: the filter sheet narrows Formal Shoes to size 42 in black under ₦60,000, "Show N
// products" closes it on that list, sorting by price puts the state in the address, and the shared
// address opens the same list in another browser; axe finds nothing serious with the sheet open or
// closed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, newPage, openBrowser, SMALL_PHONE, startShop, withShot } from './harness.mjs';

let shop;
let browser;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** A phone page whose context lets the test inject axe (the shop's CSP forbids inline scripts). */
async function axePhonePage() {
  const context = await browser.newContext({ viewport: SMALL_PHONE, deviceScaleFactor: 1, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** The names of the product cards shown, in order. */
async function cardNames(page) {
  return page.locator('.product-card:not(.product-card--skeleton) .product-card__name').allTextContents();
}

test('a phone shopper filters Formal Shoes to 42 in black under ₦60,000 by price, and the shared link opens the same list', async () => {
  const page = await axePhonePage();
  await withShot(page, 'filters-phone', async () => {
    await page.goto(`${shop.base}/collections/formal-shoes`);
    await page.getByRole('heading', { level: 1, name: 'Formal Shoes' }).waitFor();
    await page.locator('.product-card__name').first().waitFor();
    const everything = await cardNames(page);

    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await sheet
      .getByRole('group', { name: 'Size' })
      .getByRole('button', { name: /^42 \(/ })
      .click();
    await sheet
      .getByRole('group', { name: 'Colour' })
      .getByRole('button', { name: /^Black \(/ })
      .click();
    await sheet.getByLabel('Max').fill('60000');
    await sheet.getByLabel('Max').press('Enter');

    // What the server says the list holds, for the same filters.
    const api = await (
      await fetch(`${shop.base}/api/collections/formal-shoes?size=42&color=Black&maxPrice=60000&sort=price-asc`)
    ).json();
    assert.ok(
      api.total > 0 && api.total < everything.length,
      `the filters narrow the list (${api.total} of ${everything.length})`,
    );
    const show = sheet.getByRole('button', { name: `Show ${api.total} ${api.total === 1 ? 'product' : 'products'}` });
    await show.waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe with the filter sheet open');
    await show.click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filters (3)' }).waitFor();

    await page.getByLabel('Sort by').selectOption('price-asc');
    const expected = api.products.map((p) => p.name);
    await page.waitForFunction(
      (names) =>
        JSON.stringify(Array.from(document.querySelectorAll('.product-card__name'), (n) => n.textContent)) ===
        JSON.stringify(names),
      expected,
    );
    for (const product of api.products) {
      assert.ok(product.price <= 6_000_000, `${product.name} costs at most ₦60,000`);
      assert.ok(
        product.variants.some((v) => v.size === '42' && v.color === 'Black'),
        `${product.name} comes in 42 in black`,
      );
    }

    const shared = new URL(page.url());
    assert.equal(shared.pathname, '/collections/formal-shoes');
    assert.deepEqual(Object.fromEntries(shared.searchParams), {
      size: '42',
      color: 'Black',
      maxPrice: '60000',
      sort: 'price-asc',
    });
    assert.deepEqual(await axeViolations(page), [], 'axe on the filtered list');
    assert.deepEqual(page.errors, []);

    // The link, opened by someone else: the same list, the same filters chosen, the same sort.
    const friend = await newPage(browser, SMALL_PHONE);
    await friend.goto(shared.href);
    await friend.getByRole('button', { name: 'Filters (3)' }).waitFor();
    await friend.waitForFunction(
      (names) =>
        JSON.stringify(Array.from(document.querySelectorAll('.product-card__name'), (n) => n.textContent)) ===
        JSON.stringify(names),
      expected,
    );
    assert.equal(await friend.getByLabel('Sort by').inputValue(), 'price-asc');
    await friend.getByRole('button', { name: 'Filters (3)' }).click();
    const friendSheet = friend.getByRole('dialog', { name: 'Filters' });
    assert.equal(await friendSheet.getByRole('button', { name: /^42 \(/ }).getAttribute('aria-pressed'), 'true');
    assert.equal(await friendSheet.getByRole('button', { name: /^Black \(/ }).getAttribute('aria-pressed'), 'true');
    assert.equal(await friendSheet.getByLabel('Max').inputValue(), '60000');
    assert.deepEqual(friend.errors, []);
    await friend.context().close();
  });
});
