// Importing products in a real browser against the real binary: the admin downloads the products
// CSV from the Import screen, adds a product to it (naming one of the shop's own pictures by its
// address), checks the file (the dry run lists what would happen), imports it and sees the report;
// the new product is on sale at once. A file with a bad row is refused with its line.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  axeViolations,
  DESKTOP,
  newPage,
  openBrowser,
  signInAsAdmin,
  SMALL_PHONE,
  startShop,
  withShot,
} from './harness.mjs';

let shop;
let browser;
let adminPage;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  adminPage = await newPage(browser, DESKTOP, { acceptDownloads: true, bypassCSP: true });
  await signInAsAdmin(adminPage, shop);
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** Chooses a file with this text in the import form. */
async function choose(page, name, text) {
  await page.getByLabel('CSV or zip file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

describe('product import', () => {
  test('download the CSV, add a product to it, check it, import it: the product is on sale', async () => {
    const page = adminPage;
    await withShot(page, 'import-products', async () => {
      await page.goto(`${shop.base}/admin/products`);
      await page.getByRole('link', { name: 'Import or export' }).click();
      await page.getByRole('heading', { name: 'Import products' }).waitFor();
      // The pointer rests where the link was, over "Back to products": away from it, no hover colours.
      await page.mouse.move(0, 400);
      await page.waitForTimeout(300);
      assert.deepEqual(await axeViolations(page), []);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download products CSV' }).click(),
      ]);
      const csv = readFileSync(await download.path(), 'utf8');
      const [header, first] = csv.split('\r\n');
      assert.equal(
        header,
        'handle,name,description,collection,category,price,compare_at_price,featured,size,colour,sku,stock,pictures,colour_pictures',
      );
      const picture = first.match(/https?:\/\/[^,|"]+\/media\/[^,|"]+\.jpg/)[0];

      await choose(
        page,
        'products.csv',
        `${header}\r\ne2e-kaftan,Agbada Kaftan E2E,Hand-embroidered.,Suits,Kaftans,99000.50,,no,L,Ivory,KFT-E2E,4,${picture},\r\n`,
      );
      await page.getByRole('button', { name: 'Check file' }).click();
      const checked = page.getByRole('region', { name: 'Check passed' });
      await checked.getByText('Would import: 1 new, 0 to update, 0 unchanged.').waitFor();
      assert.equal(await checked.getByRole('row').nth(1).textContent(), '2Agbada Kaftan E2Ee2e-kaftan1New');
      assert.deepEqual(await axeViolations(page), []);
      await page.screenshot({ path: '/tmp/ankara-import-checked.png', fullPage: true });

      await checked.getByRole('button', { name: 'Import 1 product' }).click();
      await page.getByText('Imported: 1 new, 0 updated, 0 unchanged.').waitFor();
      const found = await fetch(`${shop.base}/api/search?q=kaftan`).then((r) => r.json());
      const kaftan = JSON.stringify(found);
      assert.ok(kaftan.includes('Agbada Kaftan E2E'), kaftan);
      assert.ok(kaftan.includes('9900050'), 'priced to the kobo');
    });
  });

  test('a file with a bad row imports nothing and names the row (phone)', async () => {
    const page = await newPage(browser, SMALL_PHONE, { bypassCSP: true });
    await signInAsAdmin(page, shop);
    await withShot(page, 'import-refused', async () => {
      await page.goto(`${shop.base}/admin/products/import`);
      const header =
        'handle,name,description,collection,category,price,compare_at_price,featured,size,colour,sku,stock,pictures,colour_pictures';
      await choose(page, 'bad.csv', `${header}\nnew-one,New One,Nice.,Suits,,12x000,,no,M,Black,,1,a.jpg,\n`);
      await page.getByRole('button', { name: 'Check file' }).click();
      await page.getByText('1 row is wrong; nothing was changed.').waitFor();
      await page.getByText(/^Line 2:/).waitFor();
      assert.equal(await page.getByRole('button', { name: /^Import \d/ }).count(), 0);
      assert.deepEqual(await axeViolations(page), []);
      await page.screenshot({ path: '/tmp/ankara-import-refused-phone.png', fullPage: true });
    });
  });
});
