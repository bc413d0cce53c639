// Shopping in a real browser against the real binary: save a product, move it to the bag, change
// quantities with the badges following at once, add with size and colour, and search by keyboard.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, MOBILE, newPage, openBrowser, signUp, startShop, featuredProducts } from './harness.mjs';

let shop;
let browser;
/** A featured product with sizes and colours to choose from. */
let choosy;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  ({ choosy } = await featuredProducts(shop.base));
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

let counter = 0;
const uniqueEmail = (tag) => `${tag}-${Date.now()}-${++counter}@example.com`;

async function waitForPath(page, path) {
  await page.waitForURL((url) => url.pathname + url.search === path, { timeout: 10_000 });
}

/** Waits for the header's bag link to read "My Bag (n)" (or "My Bag" for 0); fails with what it read. */
async function expectBagCount(page, n) {
  const link = page.locator('header.site-header a[href="/mybag"]');
  const want = n ? `My Bag (${n})` : 'My Bag';
  const deadline = Date.now() + 10_000;
  let label;
  while (Date.now() < deadline) {
    // The link is named by its own text: "My Bag" and the badge's "(n)" (no aria-label).
    label = /^- link "([^"]*)"/.exec(await link.ariaSnapshot())?.[1];
    if (label === want) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`the header bag link reads "${label}", not "${want}"`);
}

/** The header's bag link by its accessible name, e.g. "My Bag (2)". */
const bagLink = (page, count) =>
  page.locator('header.site-header').getByRole('link', { name: count ? `My Bag (${count})` : 'My Bag', exact: true });
const savedLink = (page, count) =>
  page
    .locator('header.site-header')
    .getByRole('link', { name: count ? `Saved Items (${count})` : 'Saved Items', exact: true });

describe('shopping on a phone (412×823)', () => {
  test('save → Saved Items → Add to Bag → quantities → remove to the empty bag, badges following with no reload', async () => {
    const page = await newPage(browser, MOBILE);
    await signUp(page, shop.base, { name: 'Ngozi Shopper', email: uniqueEmail('ngozi') });
    await page.goto(`${shop.base}/product/${choosy.id}`);
    await page.getByRole('heading', { level: 1, name: choosy.name }).waitFor();
    await page.evaluate(() => (window.__noReload = true));

    // The heart: save, with its confirmation and the saved badge.
    const heart = page.getByRole('button', { name: 'Save product' });
    assert.equal(await heart.getAttribute('aria-pressed'), 'false');
    await heart.click();
    await page.getByText('Product saved successfully').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Remove from saved' }).getAttribute('aria-pressed'), 'true');
    await savedLink(page, 1).waitFor();

    // Unsave and save again: the toggle goes both ways.
    await page.getByRole('button', { name: 'Remove from saved' }).click();
    await page.getByText('Product removed from saved items').waitFor();
    await savedLink(page).waitFor();
    await page.getByRole('button', { name: 'Save product' }).click();
    await savedLink(page, 1).waitFor();

    // Saved Items shows it; Add to Bag opens a chooser of size and colour (it has both), and Move
    // to Bag, once both are chosen, moves it to the bag and opens My Bag.
    await savedLink(page, 1).click();
    await waitForPath(page, '/saved-items');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: choosy.name }) });
    await card.waitFor();
    await card.getByRole('button', { name: /^Add to Bag/ }).click();
    const chooser = card.getByRole('group', { name: `Choose size and colour of ${choosy.name}` });
    await chooser.getByRole('button', { name: 'Move to Bag' }).click();
    await chooser.getByRole('alert').getByText('Please choose a size.').waitFor();
    await chooser.getByRole('radio', { name: choosy.sizes[0], exact: true }).check({ force: true });
    await chooser.getByRole('radio', { name: choosy.colors[0], exact: true }).check({ force: true });
    await chooser.getByRole('button', { name: 'Move to Bag' }).click();
    await waitForPath(page, '/mybag');
    await page.getByText(`Size: ${choosy.sizes[0]} · Colour: ${choosy.colors[0]}`).waitFor();
    const bagList = page.getByRole('list', { name: 'Items in your bag' });
    await bagList.getByRole('link', { name: choosy.name }).waitFor();
    await expectBagCount(page, 1);
    await savedLink(page).waitFor();
    await page.getByText('1 item', { exact: true }).first().waitFor();

    // Quantities: + and −, with the badge and the count following the server's answer.
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expectBagCount(page, 2);
    await page.getByText('2 items', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expectBagCount(page, 3);
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expectBagCount(page, 2);
    const total = await page.locator('.bag-summary__total dd').innerText();
    assert.equal(total.replace(/[^\d]/g, ''), String(choosy.price * 2));

    // The remove button empties the bag.
    await page.getByRole('button', { name: `Remove ${choosy.name}` }).click();
    await page.getByText('Your bag is empty').waitFor();
    await page.getByText("Looks like you haven't added any items yet.").waitFor();
    await expectBagCount(page, 0);

    // Featured products are shown beneath the bag.
    await page.getByRole('heading', { name: 'Featured Products' }).scrollIntoViewIfNeeded();
    assert.equal(await page.evaluate(() => window.__noReload), true);
    assert.deepEqual(page.errors, []);
  });

  test('minus at quantity 1 removes the line', async () => {
    const page = await newPage(browser, MOBILE);
    await signUp(page, shop.base, { name: 'Obi Shopper', email: uniqueEmail('obi') });
    await page.goto(`${shop.base}/product/${choosy.id}`);
    await page.getByRole('radio', { name: choosy.sizes[0] }).check({ force: true });
    await page.getByRole('radio', { name: choosy.colors[0] }).check({ force: true });
    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByText('Item added to your bag successfully!').waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Bag (1)' }).click();
    await waitForPath(page, '/mybag');
    await page.getByText(`Size: ${choosy.sizes[0]} · Colour: ${choosy.colors[0]}`).waitFor();
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await page.getByText('Your bag is empty').waitFor();
    await expectBagCount(page, 0);
  });
});

describe('shopping on a desktop (1366×768)', () => {
  test('a visitor is asked to log in before saving or adding to the bag', async () => {
    const page = await newPage(browser, DESKTOP);
    const alerts = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${shop.base}/product/${choosy.id}`);
    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.waitForFunction(() => true);
    assert.deepEqual(alerts, ['Please log in to add items to your bag.', 'Please log in or sign up to save products.']);
  });

  test('add to bag with size and colour shows the banner for 3 seconds and counts in the header', async () => {
    // A product whose name says none of its colours, so nothing is chosen for the shopper (a
    // "… in Navy" starts on navy): the demo's suits.
    const { products } = await fetch(`${shop.base}/api/collections/suits`).then((r) => r.json());
    const choosy = products.find((p) => p.sizes.length > 1 && p.colors.length > 1 && !/ in |,/i.test(p.name));
    assert.ok(choosy, 'a suit with sizes and colours whose name says no colour');
    const page = await newPage(browser, DESKTOP);
    await signUp(page, shop.base, { name: 'Tunde Shopper', email: uniqueEmail('tunde') });
    await page.goto(`${shop.base}/product/${choosy.id}`);
    await page.getByRole('heading', { level: 1, name: choosy.name }).waitFor();

    // Both missing choices are asked for beside their options, and each message goes once chosen.
    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('group', { name: 'Size' }).getByRole('alert').getByText('Please choose a size.').waitFor();
    await page.getByRole('group', { name: 'Colour' }).getByRole('alert').getByText('Please choose a colour.').waitFor();
    await page.getByRole('radio', { name: choosy.sizes[1] }).check({ force: true });
    await page.getByText('Please choose a size.').waitFor({ state: 'detached' });
    await page.getByText('Please choose a colour.').waitFor();
    await page.getByRole('radio', { name: choosy.colors[1] }).check({ force: true });
    await page.getByText('Please choose a colour.').waitFor({ state: 'detached' });

    // A double click adds one.
    await page.getByRole('button', { name: 'Add to Bag' }).dblclick();
    const banner = page.getByText('Item added to your bag successfully!');
    await banner.waitFor();
    const shownAt = Date.now();
    await expectBagCount(page, 1);
    await banner.waitFor({ state: 'detached', timeout: 6000 });
    const shownFor = Date.now() - shownAt;
    assert.ok(shownFor > 2000 && shownFor < 4500, `the banner showed for ${shownFor} ms`);

    // Again: the same size and colour merge into one line of quantity 2.
    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await expectBagCount(page, 2);
    await bagLink(page, 2).click();
    await waitForPath(page, '/mybag');
    await page.getByText(`Size: ${choosy.sizes[1]} · Colour: ${choosy.colors[1]}`).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Items in your bag' }).getByRole('listitem').count(), 1);
    assert.equal(await page.locator('.stepper__value').innerText(), '2');
    assert.deepEqual(page.errors, []);
  });

  test('search: suggestions by keyboard from a typo, and the results page', async () => {
    // "oxfrod": a typo of Oxford (the index matches typos in names and categories).
    const page = await newPage(browser, DESKTOP);
    await page.goto(shop.base);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('oxfrod');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await options.first().waitFor();
    const count = await options.count();
    assert.ok(count >= 1 && count <= 5, `${count} suggestions`);
    const firstName = (await options.first().locator('.search-suggest__name').innerText()).trim();

    await box.press('ArrowDown');
    assert.equal(await box.getAttribute('aria-activedescendant'), await options.first().getAttribute('id'));
    assert.equal(await options.first().getAttribute('aria-selected'), 'true');
    await box.press('Enter');
    await page.waitForURL(/\/product\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: firstName }).waitFor();

    // Nothing matches: No products found.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await box.fill('qqqqqqzzzz');
    await page.getByText('No products found').waitFor();
    await box.press('Escape');
    await page.getByText('No products found').waitFor({ state: 'detached' });

    // Enter with nothing highlighted submits to the results page, which shows a grid.
    await box.fill('shoe');
    await options.first().waitFor();
    await box.press('Enter');
    await waitForPath(page, '/search?q=shoe');
    const grid = page.getByRole('list', { name: 'Search results' });
    await grid.waitFor();
    assert.ok((await grid.getByRole('listitem').count()) > 0);
    assert.deepEqual(page.errors, []);
  });
});
