// The product page on a 360×740 phone (issue 26), in a real browser against the real binary:
// Add to Bag wholly inside the first screen for every demo product (also after picking a variant
// with "Only N left"), the sticky buy bar whenever the main button is off screen and never over a
// form being filled in, and the page kept by the back/forward cache.
//   ANKARA_BIN=target/release/ankara node --test frontend/e2e/product-phone.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, newPage, openBrowser, SMALL_PHONE, startShop, withShot } from './harness.mjs';

let shop;
let browser;
/** Every demo product: { id, name, variants }. */
let products = [];

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  const collections = await fetch(`${shop.base}/api/collections`).then((r) => r.json());
  for (const { id } of collections) {
    const { products: listed } = await fetch(`${shop.base}/api/collections/${id}`).then((r) => r.json());
    products.push(...listed);
  }
  assert.ok(products.length >= 30, `the demo catalogue has its products (${products.length})`);
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** Add to Bag's bottom edge, after the page and its fonts have settled. */
async function addBottom(page) {
  const add = page.locator('.product-actions__bag');
  await add.waitFor();
  await page.evaluate(() => document.fonts.ready);
  const box = await add.boundingBox();
  return box.y + box.height;
}

test('every demo product: Add to Bag wholly inside the first screen at 360×740, also with "Only N left"', async () => {
  const page = await newPage(browser, SMALL_PHONE);
  await withShot(page, 'product-phone-first-screen', async () => {
    const late = [];
    let lowChecked = 0;
    for (const product of products) {
      await page.goto(`${shop.base}/product/${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      const bottom = await addBottom(page);
      if (bottom > SMALL_PHONE.height) late.push(`${product.name}: ${bottom}px`);
      assert.equal(await page.evaluate(() => window.scrollY), 0);

      // A variant with few left: its "Only N left" line must not push the button off the screen.
      const { variants } = await fetch(`${shop.base}/api/products/${product.id}`).then((r) => r.json());
      const low = variants.find((v) => v.low && v.available > 0);
      if (!low) continue;
      // The colour first: a product named "… in Oxblood" starts on that colour, where this size
      // may be sold out (its chip then says so in its name).
      if (low.color) await page.getByRole('radio', { name: low.color, exact: true }).check({ force: true });
      if (low.size) await page.getByRole('radio', { name: low.size, exact: true }).check({ force: true });
      await page.getByText(`Only ${low.available} left`).waitFor();
      const after = await addBottom(page);
      if (after > SMALL_PHONE.height) late.push(`${product.name} with ${low.size}/${low.color}: ${after}px`);
      lowChecked += 1;
    }
    assert.deepEqual(late, [], 'Add to Bag below the first screen');
    assert.ok(lowChecked > 0, 'some demo product has a low-stock variant');
  });
});

test('the buy bar shows whenever Add to Bag is off screen, even before scrolling, and steps aside in a form', async () => {
  // A shorter screen (a phone with its browser bars showing): the button starts below the fold.
  const page = await newPage(browser, { width: 360, height: 560 });
  await withShot(page, 'product-phone-buy-bar', async () => {
    const product = products.find((p) => p.sizes.length > 6) ?? products[0];
    await page.goto(`${shop.base}/product/${product.id}`);
    assert.ok((await addBottom(page)) > 560, 'the button starts below the fold');
    const bar = page.getByTestId('buy-bar');
    await bar.waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'shown without scrolling');

    // Scrolled so that the button is wholly in view: no bar.
    await page.locator('.product-actions__bag').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 40));
    await bar.waitFor({ state: 'detached' });

    // Past it: the bar again; in a form (the search box here, the review form alike) it steps aside.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await bar.waitFor();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const field = page.getByLabel('Search products');
    await field.waitFor();
    await field.focus();
    await bar.waitFor({ state: 'detached' });
    await field.blur();
    await bar.waitFor();
    assert.deepEqual(page.errors, []);
  });
});

/** Why the test browser itself keeps pages out of the back/forward cache (Playwright turns it off). */
const BROWSER_REASONS = new Set([
  'BackForwardCacheDisabled',
  'BackForwardCacheDisabledByCommandLine',
  'BrowsingInstanceNotSwapped',
]);

test('the product page may be kept by the back/forward cache (Lighthouse’s audit), and axe finds nothing serious', async () => {
  const context = await browser.newContext({ viewport: SMALL_PHONE, bypassCSP: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.enable');
  // Chromium says, on going back, why the page was not restored from the cache.
  const reasons = [];
  cdp.on('Page.backForwardCacheNotUsed', (event) => {
    for (const { reason } of event.notRestoredExplanations) if (!BROWSER_REASONS.has(reason)) reasons.push(reason);
  });
  // Every request the page makes, until it ends; Chromium names any still under way when the shopper
  // leaves (OutstandingNetworkRequestFetch, …Others for pictures and scripts the page asks for at an
  // idle moment), and on a busy machine such a moment may come after Playwright's 'networkidle'.
  const inFlight = new Set();
  let lastChange = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  for (const ended of ['requestfinished', 'requestfailed'])
    page.on(ended, (request) => {
      inFlight.delete(request);
      lastChange = Date.now();
    });
  const settled = async () => {
    const deadline = Date.now() + 15_000;
    while ((inFlight.size > 0 || Date.now() - lastChange < 1_500) && Date.now() < deadline)
      await page.waitForTimeout(100);
  };
  const product = products[0];
  await page.goto(`${shop.base}/product/${product.id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  assert.deepEqual(await axeViolations(page), []);
  // A request still under way when the shopper leaves keeps any page out of the cache; on a busy
  // machine the reviews, the bag or an idle-time picture may still be loading.
  await settled();
  await page.goto(`${shop.base}/collections/${product.collectionId}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goBack();
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.waitForTimeout(200);
  assert.deepEqual(reasons, [], 'nothing of the page’s own keeps it out of the back/forward cache');
  await context.close();
});

test('while the page boots its lazy files are asked for one per task; from the first touch, at once', async () => {
  const page = await newPage(browser, SMALL_PHONE);
  const product = products[0];
  await page.goto(`${shop.base}/product/${product.id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  // Drawn in stages (the reviews last), its lazy parts' files came in one per task.
  await page.getByRole('region', { name: 'Reviews' }).waitFor();
  const spreading = () => page.evaluate(() => Object.hasOwn(document.head, 'appendChild'));
  assert.equal(await spreading(), true, 'the head spreads the links it is given while the page boots');
  await page.getByRole('heading', { level: 1, name: product.name }).click();
  assert.equal(await spreading(), false, 'the shopper has touched the page: links go in at once');
  // The page she opens next comes whole.
  await page.locator('a[href="/"]:visible').first().click();
  await page.getByRole('region', { name: 'Highlights' }).waitFor();
  await page.close();
});
