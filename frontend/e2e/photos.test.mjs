// The product edit form's Photos (issue 26), in a real browser against the real binary: on a
// 360×740 phone an admin adds a photo, moves the second one first with Move up, removes one and
// saves; the product page's first picture is the moved one. On a desktop a photo is dragged.
// axe clean on the form.
//   ANKARA_BIN=target/release/ankara node --test frontend/e2e/photos.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  axePage,
  axeViolations,
  demoImage,
  DESKTOP,
  featuredProducts,
  signInAsAdmin,
  SMALL_PHONE,
  withShot,
  shopAndBrowserForThisFile,
} from './harness.mjs';

const { shop, browser } = shopAndBrowserForThisFile();

/** A signed-in admin's page, ready for axe. */
async function adminPage(viewport) {
  const page = await axePage(browser, viewport);
  await signInAsAdmin(page, shop);
  return page;
}

const productOf = (id) => fetch(`${shop.base}/api/products/${id}`).then((r) => r.json());

/** The editor's photos, in order, by their thumbnails' address (a chosen file by its alt text). */
function listedPhotos(page) {
  return page
    .locator('.photos-editor__thumb')
    .evaluateAll((imgs) => imgs.map((img) => (img.src.startsWith('blob:') ? img.alt : new URL(img.src).pathname)));
}

/** Opens the product's page and its edit form; answers the Photos list. */
async function openEditor(page, product) {
  await page.goto(`${shop.base}/product/${product.id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: 'Edit Product' }).click();
  const list = page.getByRole('list', { name: /^Photos/ });
  await list.waitFor();
  return list;
}

test('phone 360×740: move the second photo first, remove one, add one, save; the page shows the moved one first', async () => {
  const { featured } = await featuredProducts(shop.base);
  const product = await productOf(featured[0].id);
  assert.ok(product.images.length >= 2, `${product.name} has two photos at least`);
  const [first, second] = product.images.map((i) => i.url);
  const page = await adminPage(SMALL_PHONE);
  await withShot(page, 'photos-phone', async () => {
    const list = await openEditor(page, product);
    assert.deepEqual(
      await listedPhotos(page),
      product.images.map((i) => i.url),
    );
    assert.equal(await list.getByRole('listitem').first().getByText('Card picture').count(), 1);

    // A new photo at the end (the chooser behind Add photos).
    await page.getByLabel('Photos to add').setInputFiles(demoImage('sneakers-2-a-640.jpg'));
    await page.getByRole('status').filter({ hasText: 'Added 1 photo.' }).waitFor();

    // The phone's way to reorder: the buttons, each naming the photo's position.
    const moveUp = page.getByRole('button', { name: 'Move up (photo 2)' });
    const box = await moveUp.boundingBox();
    assert.ok(
      box.height >= 44 && box.x + box.width <= SMALL_PHONE.width,
      `Move up is a whole 44 px target: ${JSON.stringify(box)}`,
    );
    await moveUp.click();
    await page.getByRole('status').filter({ hasText: 'Photo 2 moved to position 1.' }).waitFor();
    // The moved photo keeps the focus, on its Move down button now that it is first.
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move down (photo 1)');
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    // The photo now in its place takes the focus.
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Remove photo 2');
    const listed = await listedPhotos(page);
    assert.equal(listed[0], second);
    assert.ok(!listed.includes(first), 'the removed photo is gone from the list');
    assert.match(listed.at(-1), /^Photo \d: sneakers-2-a-640\.jpg$/);
    assert.equal(await list.getByRole('listitem').first().getByText('Card picture').count(), 1);

    await page.getByRole('group', { name: /^Photos/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/ankara-photos-360.png' });
    assert.deepEqual(await axeViolations(page), []);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Product updated' }).waitFor();
    // The product page's first picture is the moved one, now and after a reload.
    const firstPicture = page.locator('[data-testid="product-slide"] img').first();
    assert.equal(new URL(await firstPicture.evaluate((img) => img.src)).pathname, second);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    assert.equal(new URL(await firstPicture.evaluate((img) => img.src)).pathname, second);

    const saved = await productOf(product.id);
    assert.equal(saved.images.length, product.images.length);
    assert.equal(saved.images[0].url, second);
    assert.ok(!saved.images.some((i) => i.url === first), 'the removed photo is no longer the product’s');
    assert.deepEqual(page.errors, []);
  });
});

test('desktop 1366: a photo dragged onto the first place moves there', async () => {
  const { featured } = await featuredProducts(shop.base);
  const product = await productOf(featured[1].id);
  const urls = product.images.map((i) => i.url);
  const page = await adminPage(DESKTOP);
  await withShot(page, 'photos-desktop', async () => {
    const list = await openEditor(page, product);
    const items = list.getByRole('listitem');
    await items.nth(1).dragTo(items.nth(0));
    await page.getByRole('status').filter({ hasText: 'Photo 2 moved to position 1.' }).waitFor();
    assert.deepEqual(await listedPhotos(page), [urls[1], urls[0], ...urls.slice(2)]);
    await page.getByRole('group', { name: /^Photos/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/ankara-photos-1366.png' });
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
  });
});
