// Search that understands shoppers (issue 25), in a real browser against the real binary on a
// 360-px phone: a plural and a synonym find the products, the search bar suggests them, words that
// never meet show the closest matches under a notice, and the merchant's new search words work at
// once; axe finds no serious or critical violation on the results and the Search words screens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, newPage, signInAsAdmin, SMALL_PHONE, withShot, shopAndBrowserForThisFile } from './harness.mjs';

// Lets the tests inject axe (the shop's CSP forbids inline scripts).
const AXE = { bypassCSP: true };

const { shop, browser } = shopAndBrowserForThisFile();

/** Opens the header's search on `page`, types `text` and answers the suggestions' names once shown. */
async function typeSearch(page, text) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('combobox', { name: 'Search products' }).fill(text);
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await options.first().waitFor();
  return options.locator('.search-suggest__name').allInnerTexts();
}

async function resultNames(page) {
  const grid = page.getByRole('list', { name: 'Search results' });
  await grid.waitFor();
  // The previous query's results stay on screen, marked busy, while the new ones load.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  return grid.getByRole('heading').allInnerTexts();
}

const WATCHES = [
  'Art Deco Square, Gold & Brown',
  'Atlantic Diver 200 m, Black',
  'Field Watch, Olive Canvas',
  'Heritage Chronograph, Steel & Navy',
  'Ikoyi Dress Watch, Rose Gold',
  'Minimalist Quartz, Black & Gold',
  'Skeleton Automatic, Gunmetal',
];

test('on a small phone a plural and a synonym find the products, in suggestions and results', async () => {
  const page = await newPage(browser, SMALL_PHONE, AXE);
  await withShot(page, 'search-plural-synonym', async () => {
    await page.goto(shop.base);
    // "watches": a plural, and five of the seven wristwatches never say "watch" (their collection
    // is Wristwatches, a synonym the shop starts with). All seven come first, nothing else between.
    const suggested = await typeSearch(page, 'watches');
    assert.equal(suggested.length, 5);
    for (const name of suggested) assert.ok(WATCHES.includes(name), `${name} suggested for watches`);
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await page.waitForURL(`${shop.base}/search?q=watches`);
    const watches = await resultNames(page);
    assert.deepEqual(watches.slice(0, 7).sort(), WATCHES);
    assert.equal(await page.getByText('No products match all your words.').count(), 0);
    assert.deepEqual(await axeViolations(page), []);

    // Another plural: the products are each called a Loafer.
    await page.goto(`${shop.base}/search?q=loafers`);
    const loafers = await resultNames(page);
    assert.deepEqual(
      loafers.slice(0, 2).sort(),
      ['Penny Loafer in Cognac', 'Tassel Loafer in Burgundy Suede'],
      'first',
    );

    // A synonym: no product says "slacks"; the trousers come.
    await typeSearch(page, 'slacks');
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await page.waitForURL(`${shop.base}/search?q=slacks`);
    await page.getByRole('heading', { name: 'Pleated Trousers in Navy' }).waitFor();
    const slacks = await resultNames(page);
    for (const name of ['Pleated Trousers in Navy', 'Pinstripe Trousers in Grey', 'Straight-Fit Trousers in Black']) {
      assert.ok(slacks.includes(name), `${name} in ${slacks}`);
    }
    // Nothing sideways on a 360-px screen.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    assert.deepEqual(page.errors, []);
  });
});

test('words no product has together show the closest matches under a notice', async () => {
  const page = await newPage(browser, SMALL_PHONE, AXE);
  await withShot(page, 'search-partial', async () => {
    await page.goto(`${shop.base}/search?q=${encodeURIComponent('canvas shoes')}`);
    await page.getByText('No products match all your words. Showing the closest matches.').waitFor();
    const names = await resultNames(page);
    assert.equal(names[0], 'Canvas Vulc in Terracotta');
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
  });
});

test("the merchant adds search words on a phone and shoppers' searches use them at once", async () => {
  const page = await newPage(browser, SMALL_PHONE, AXE);
  await withShot(page, 'search-words-admin', async () => {
    await signInAsAdmin(page, shop);
    await page.goto(`${shop.base}/admin/search`);
    await page.getByRole('heading', { level: 1, name: 'Search words' }).waitFor();
    assert.match(
      await page.getByRole('textbox', { name: 'Group 1', exact: true }).inputValue(),
      /sneakers, trainers, kicks/,
    );
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: '+ Add group' }).click();
    const groups = await page.getByRole('textbox', { name: /^Group \d+$/ }).count();
    await page.getByRole('textbox', { name: `Group ${groups}`, exact: true }).fill('derby, blucher');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. Search uses these words now.').waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

    const shopper = await newPage(browser, SMALL_PHONE, AXE);
    await shopper.goto(`${shop.base}/search?q=bluchers`);
    assert.deepEqual(await resultNames(shopper), ['Plain-Toe Derby in Espresso']);
    assert.deepEqual(page.errors, []);
  });
});
