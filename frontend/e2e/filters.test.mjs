// Filters and sort on a collection page (issue 25), in a real browser against the real binary on a
// 360 px phone: the filter sheet narrows Formal Shoes to size 42 in black under ₦60,000, "Show N
// products" closes it on that list, sorting by price puts the state in the address, and the shared
// address opens the same list in another browser; axe finds nothing serious with the sheet open or
// closed. Issue 34: the filters in force show as chips that remove them, the list starts on the
// phone's first screen, a product opened from the list starts with its size and colour chosen,
// and a product named "… in Navy" starts in navy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, DESKTOP, newPage, SMALL_PHONE, withShot, shopAndBrowserForThisFile } from './harness.mjs';

const { shop, browser } = shopAndBrowserForThisFile();

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
    await friendSheet.getByRole('button', { name: 'Close filters' }).click();
    await friendSheet.waitFor({ state: 'detached' });
    // A chip takes its filter away, and only that one.
    await friend.getByRole('button', { name: 'Remove filter: Black' }).click();
    await friend.getByRole('button', { name: 'Filters (2)' }).waitFor();
    assert.deepEqual(Object.fromEntries(new URL(friend.url()).searchParams), {
      size: '42',
      maxPrice: '60000',
      sort: 'price-asc',
    });
    assert.deepEqual(friend.errors, []);
    await friend.context().close();

    // Back on the first phone: the filters in force are chips above the list, which starts on
    // the first screen (the banner shrinks to its title).
    const chips = page.getByRole('list', { name: 'Filters in force' });
    assert.deepEqual(
      await chips.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
      ['Remove filter: Size 42', 'Remove filter: Black', 'Remove filter: Up to ₦60,000.00'],
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    const card = await page.locator('.product-card').first().boundingBox();
    assert.ok(
      card && card.y + 80 < SMALL_PHONE.height,
      `the first product shows on the first screen (top at ${card?.y})`,
    );

    // A product opened from the list starts with the size and colour the list was showing.
    const first = api.products[0];
    await page.getByRole('link', { name: first.name }).first().click();
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    assert.deepEqual(Object.fromEntries(new URL(page.url()).searchParams), { size: '42', color: 'Black' });
    assert.equal(await page.getByRole('radio', { name: '42', exact: true }).isChecked(), true);
    assert.equal(await page.getByRole('radio', { name: 'Black', exact: true }).isChecked(), true);
    assert.deepEqual(await axeViolations(page), [], 'axe on the product page');
    assert.deepEqual(page.errors, []);
  });
});

test('a product named "… in Navy" starts in navy, and a desktop price box shows its number whole', async () => {
  const found = await (await fetch(`${shop.base}/api/search?q=gingham`)).json();
  const shirt = found.products.find((p) => p.name === 'Gingham Check Shirt in Navy');
  assert.ok(shirt && shirt.colors.includes('Red'), 'the demo shirt comes in navy and red');
  const page = await newPage(browser, SMALL_PHONE);
  await withShot(page, 'filters-navy', async () => {
    await page.goto(`${shop.base}/product/${shirt.id}`);
    await page.getByRole('heading', { level: 1, name: shirt.name }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'Navy', exact: true }).isChecked(), true);
    assert.equal(await page.getByRole('radio', { name: 'Red', exact: true }).isChecked(), false);
  });
  await page.context().close();

  const desktop = await newPage(browser, DESKTOP);
  await withShot(desktop, 'filters-desktop', async () => {
    await desktop.goto(`${shop.base}/collections/wristwatches?minPrice=1250000&maxPrice=25000000`);
    const sidebar = desktop.getByRole('complementary', { name: 'Filters' });
    for (const label of ['Min', 'Max']) {
      const box = sidebar.getByLabel(label);
      await box.waitFor();
      const fits = await box.evaluate((input) => input.scrollWidth <= input.clientWidth);
      assert.ok(fits, `the ${label} box shows ${await box.inputValue()} whole`);
    }
    await desktop.getByRole('button', { name: 'Remove filter: ₦1,250,000.00 – ₦25,000,000.00' }).waitFor();
  });
  await desktop.context().close();
});
