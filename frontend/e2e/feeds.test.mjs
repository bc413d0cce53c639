// Issue 41, part 1 in a real browser: the owner opens the back office's Feeds screen at 360 and
// 1366 px, sees each feed's address and item count (the same the feeds list), copies nothing but
// reads them, rotates the addresses (confirming), and the old ones answer 404 while the new ones
// answer the feed. Axe finds nothing at either width.
//   ANKARA_BIN=target/release/ankara node --test frontend/e2e/feeds.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiAs,
  axePage,
  axeViolations,
  DESKTOP,
  signInAsAdmin,
  SMALL_PHONE,
  withShot,
  shopAndBrowserForThisFile,
} from './harness.mjs';

const { shop, browser } = shopAndBrowserForThisFile();

/** The address the screen shows for a channel. */
const addressOn = (page, label) => page.getByLabel(label, { exact: true }).inputValue();
const META = 'Meta: Instagram and Facebook shops';
const GOOGLE = "Google Merchant Center (and TikTok's catalogue)";

test('the owner sees each feed with its count at 360 and 1366 px, and rotates the addresses', async () => {
  for (const viewport of [SMALL_PHONE, DESKTOP]) {
    const page = await axePage(browser, viewport);
    await withShot(page, `feeds-${viewport.width}`, async () => {
      await signInAsAdmin(page, shop);
      await page.goto(`${shop.base}/admin/feeds`);
      await page.getByRole('heading', { name: 'Addresses' }).waitFor();
      const { body: view } = await apiAs(page, 'GET', '/api/admin/feeds');
      const count = `${view.items.toLocaleString('en-NG')} items`;
      await page.getByText(`${count} in each feed`).waitFor();
      assert.equal(await page.getByText(`CSV, ${count}`).count(), 1);
      await page.getByText('Every product on show is in the feeds.').waitFor();

      // The address on the screen is the feed, and lists as many items as the screen says.
      const google = await addressOn(page, GOOGLE);
      const xml = await fetch(google).then((r) => r.text());
      assert.equal(xml.split('<item>').length - 1, view.items);
      const meta = await addressOn(page, META);
      const csv = await fetch(meta).then((r) => r.text());
      assert.ok(csv.startsWith('id,item_group_id,title,description,availability'));

      // Who the items are for: the shop's own, and each collection's (the shop's unless set).
      assert.equal(await page.getByLabel('Shop’s gender').inputValue(), 'unisex');
      assert.equal(await page.getByLabel('Suits: gender').inputValue(), '');

      assert.deepEqual(await axeViolations(page), [], `axe at ${viewport.width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `nothing wider than the screen at ${viewport.width} (${overflow}px over)`);
      await page.screenshot({ path: `/tmp/ankara-feeds-${viewport.width}.png`, fullPage: true });

      if (viewport === DESKTOP) {
        // Cancelling the confirmation changes nothing; confirming replaces both addresses.
        page.once('dialog', (dialog) => dialog.dismiss());
        await page.getByRole('button', { name: 'Rotate address' }).click();
        assert.equal(await addressOn(page, GOOGLE), google);
        page.once('dialog', (dialog) => {
          assert.match(dialog.message(), /old ones stop working/);
          return dialog.accept();
        });
        await page.getByRole('button', { name: 'Rotate address' }).click();
        await page.getByText('New addresses made.', { exact: false }).waitFor();
        const rotated = await addressOn(page, GOOGLE);
        assert.notEqual(rotated, google);
        assert.equal((await fetch(google)).status, 404, 'the old address is gone');
        assert.equal((await fetch(meta)).status, 404);
        assert.equal((await fetch(rotated)).status, 200);
        assert.deepEqual(await axeViolations(page), [], 'axe after rotating');
      }
      assert.deepEqual(page.errors, []);
    });
  }
});
