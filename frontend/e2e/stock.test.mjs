// Stock in a real browser against the real binary: an admin sets a product's stock through the
// API; the product page disables the sold-out size and says "Only 2 left", the bag warns about a
// line that sold out and holds checkout back, and a collection hides sold-out products on request.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  featuredProducts,
  MOBILE,
  newPage,
  openBrowser,
  signInAsAdmin,
  signUp,
  SMALL_PHONE,
  startShop,
  withShot,
} from './harness.mjs';

let shop;
let browser;
/** A featured product with several sizes and colours. */
let choosy;
/** An admin's page, for setting stock. */
let adminPage;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  ({ choosy } = await featuredProducts(shop.base));
  adminPage = await newPage(browser);
  await signInAsAdmin(adminPage, shop);
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** The product as shoppers see it now (variants with their ids and what is available). */
const productNow = (id) => fetch(`${shop.base}/api/products/${id}`).then((r) => r.json());

/** Sets each variant's stock as an admin: PATCH /api/admin/variants/{id} {stock}. */
async function setStock(entries) {
  const statuses = await adminPage.evaluate(async (entries) => {
    const out = [];
    for (const [id, stock] of entries) {
      const res = await fetch(`/api/admin/variants/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'ankara' },
        body: JSON.stringify({ stock }),
      });
      out.push(res.status);
    }
    return out;
  }, entries);
  assert.ok(
    statuses.every((s) => s === 200),
    `stock edits answered ${statuses.join(', ')}`,
  );
}

describe('stock', () => {
  test('product page: a sold-out size is disabled and marked Sold out; a variant with 2 left says Only 2 left', async () => {
    const product = await productNow(choosy.id);
    const [goneSize, size] = product.sizes;
    const color = product.colors[0];
    const low = product.variants.find((v) => v.size === size && v.color === color);
    await setStock([...product.variants.filter((v) => v.size === goneSize).map((v) => [v.id, 0]), [low.id, 2]]);

    const page = await newPage(browser, SMALL_PHONE);
    await withShot(page, 'stock-product', async () => {
      await page.goto(`${shop.base}/product/${choosy.id}`);
      const gone = page.getByRole('radio', { name: `${goneSize}, Sold out` });
      assert.equal(await gone.isDisabled(), true);
      await page.getByRole('group', { name: 'Size' }).getByText('Sold out').waitFor();
      await page.getByRole('radio', { name: size, exact: true }).check({ force: true });
      await page.getByRole('radio', { name: color, exact: true }).check({ force: true });
      await page.getByText('Only 2 left').waitFor();
      // Another colour of the same size has plenty.
      await page.getByRole('radio', { name: product.colors[1], exact: true }).check({ force: true });
      await page.getByText('Only 2 left').waitFor({ state: 'detached' });
      assert.deepEqual(page.errors, []);
    });
  });

  test('bag: a line that sold out says so and holds checkout back until it is removed', async () => {
    const product = await productNow(choosy.id);
    const variant = product.variants.find((v) => v.available > 3);
    const page = await newPage(browser, MOBILE);
    await signUp(page, shop.base, { name: 'Stock Shopper', email: `stock-${Date.now()}@example.com` });
    await withShot(page, 'stock-bag', async () => {
      await page.goto(`${shop.base}/product/${choosy.id}`);
      await page.getByRole('radio', { name: variant.size, exact: true }).check({ force: true });
      await page.getByRole('radio', { name: variant.color, exact: true }).check({ force: true });
      await page.getByRole('button', { name: 'Add to Bag' }).click();
      await page.getByText('Item added to your bag successfully!').waitFor();

      await setStock([[variant.id, 0]]);
      await page.goto(`${shop.base}/mybag`);
      await page.getByText('Sold out — remove it to continue').waitFor();
      const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
      assert.equal(await proceed.isDisabled(), true);
      await page
        .getByText('Some items in your bag are sold out or no longer available. Remove them to check out.')
        .waitFor();

      await page.getByRole('button', { name: `Remove ${choosy.name}` }).click();
      await page.getByText('Your bag is empty').waitFor();
      await setStock([[variant.id, 100]]);
      assert.deepEqual(page.errors, []);
    });
  });

  test('small phone: adding again the last unit, already in the bag, says it is already in the bag', async () => {
    const product = await productNow(choosy.id);
    const variant = product.variants.find((v) => v.available > 3);
    await setStock([[variant.id, 1]]);
    const page = await newPage(browser, SMALL_PHONE);
    await signUp(page, shop.base, { name: 'Last One', email: `last-${Date.now()}@example.com` });
    await withShot(page, 'stock-last-in-bag', async () => {
      await page.goto(`${shop.base}/product/${choosy.id}`);
      await page.getByRole('radio', { name: variant.size, exact: true }).check({ force: true });
      await page.getByRole('radio', { name: variant.color, exact: true }).check({ force: true });
      const add = page.locator('.product-actions__bag');
      await add.click();
      await page.getByText('Item added to your bag successfully!').waitFor();
      await add.click();
      await page.getByRole('alert').filter({ hasText: 'The last one is already in your bag.' }).waitFor();
      assert.equal(await page.getByText('Only 1 left.', { exact: true }).count(), 0);
      assert.deepEqual(page.errors, []);
    });
    await setStock([[variant.id, 100]]);
  });

  test('small phone: the Stock screen has Download and Upload in the first screen, search, filters and pages', async () => {
    const page = await newPage(browser, SMALL_PHONE);
    await signInAsAdmin(page, shop);
    await withShot(page, 'stock-screen-phone', async () => {
      await page.goto(`${shop.base}/admin/stock?show=all`);
      const table = page.getByRole('table', { name: /Stock by variant/ });
      await table.waitFor();
      for (const control of [
        page.getByRole('link', { name: 'Download CSV' }),
        page.getByRole('button', { name: 'Upload CSV' }),
      ]) {
        const box = await control.boundingBox();
        assert.ok(
          box.y + box.height <= SMALL_PHONE.height,
          `${await control.innerText()} ends at ${box.y + box.height}px`,
        );
      }
      // The demo shop has hundreds of variants: 50 a page.
      const pager = page.getByRole('navigation', { name: 'Stock pages' });
      await pager.getByText(/^1–50 of \d+$/).waitFor();
      assert.equal(await table.getByRole('row').count(), 51);
      await pager.getByRole('button', { name: 'Next' }).click();
      await pager.getByText(/^51–100 of \d+$/).waitFor();
      // Search and the sold-out filter narrow it.
      await page.getByRole('searchbox', { name: 'Search products or SKUs' }).fill(choosy.name);
      await table.getByRole('rowheader').first().getByText(choosy.name).waitFor();
      await page.getByRole('link', { name: /^Sold out/ }).click();
      await page.waitForURL(`${shop.base}/admin/stock?show=sold-out`);
      assert.deepEqual(page.errors, []);
    });
  });

  test('collection: a sold-out product says Sold out; In stock only hides it and survives a reload', async () => {
    const product = await productNow(choosy.id);
    await setStock(product.variants.map((v) => [v.id, 0]));
    const page = await newPage(browser, MOBILE);
    await withShot(page, 'stock-collection', async () => {
      await page.goto(`${shop.base}/collections/${choosy.collectionId}`);
      const card = page.getByRole('link', { name: new RegExp(choosy.name) });
      await card.getByText('Sold out').waitFor();
      // On a phone the filters are in a sheet: In stock only, then Show N products.
      await page.getByRole('button', { name: /^Filters/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.getByRole('checkbox', { name: /^In stock only/ }).check();
      await sheet.getByRole('button', { name: /^Show \d+ products?$/ }).click();
      await page.waitForURL((url) => url.searchParams.get('inStock') === 'true');
      await card.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      assert.equal(await card.count(), 0);
      await page.getByRole('button', { name: /^Filters/ }).click();
      assert.equal(await sheet.getByRole('checkbox', { name: /^In stock only/ }).isChecked(), true);
      // The product page offers a disabled Sold out in place of Add to Bag.
      await page.goto(`${shop.base}/product/${choosy.id}`);
      assert.equal(await page.getByRole('button', { name: 'Sold out' }).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: 'Add to Bag' }).count(), 0);
      assert.deepEqual(page.errors, []);
    });
  });
});
