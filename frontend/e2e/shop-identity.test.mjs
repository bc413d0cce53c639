// Issue 33, §1 and §5 in a real browser: Funke makes the demo shop hers on the back office's Shop
// identity screen (name, logo, colours, font), previews the draft — which shoppers do not see — and
// publishes; then her name and logo are in the header, the tab title, the footer and the manifest,
// at 360 and 1366 px, "Ankara" nowhere in what shoppers read, and axe finds nothing in her colours.
//   ANKARA_BIN=target/release/ankara node --test frontend/e2e/shop-identity.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  axePage,
  axeViolations,
  DESKTOP,
  demoImage,
  newPage,
  openBrowser,
  signInAsAdmin,
  SMALL_PHONE,
  startShop,
  withShot,
} from './harness.mjs';

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

const NAME = "Funke's Closet";

test('the merchant makes the shop hers: a draft shoppers do not see, then published everywhere', async () => {
  const page = await newPage(browser, DESKTOP);
  await withShot(page, 'shop-identity', async () => {
    await signInAsAdmin(page, shop);
    await page.goto(`${shop.base}/admin/brand`);
    await page.getByLabel('Shop name').fill(NAME);
    await page.getByLabel('One line about the shop').fill('Ankara-print dresses and bags, made in Lagos.');
    await page.getByLabel('Action colour (buttons and links)', { exact: true }).fill('#f2a541');
    await page.getByText(/White text on it: .*fails WCAG AA/).waitFor();
    await page.getByLabel('Action colour (buttons and links)', { exact: true }).fill('#0b6e4f');
    await page.getByLabel('Header and footer colour', { exact: true }).fill('#3d1f4a');
    await page.getByLabel(/^Modern/).check();
    await page.getByRole('textbox', { name: /^Instagram/ }).fill('https://instagram.com/funkescloset');
    await page.getByRole('textbox', { name: /^X( |$)/ }).fill('');
    await page.getByRole('textbox', { name: /^Facebook/ }).fill('');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved.', { exact: false }).waitFor();
    await page.locator('input#brand-logo').setInputFiles(demoImage('sneakers-1-a-320.jpg'));
    await page.getByRole('img', { name: 'Your logo' }).waitFor();
    await page.screenshot({ path: '/tmp/ankara-shop-identity-1366.png', fullPage: true });

    // The draft: a shopper still sees Ankara; the merchant's preview shows hers.
    const shopper = await newPage(browser, DESKTOP);
    await shopper.goto(shop.base);
    assert.equal(await shopper.title(), 'Ankara');
    assert.equal(await shopper.locator('.site-header').getByText(NAME).count(), 0, 'shoppers never see a draft');
    await page.evaluate(() => (document.cookie = 'ankara_preview=brand; path=/'));
    await page.goto(shop.base);
    assert.equal(await page.title(), NAME);
    await page.getByText('Preview of your unpublished changes').waitFor();
    await page.getByRole('button', { name: 'End preview' }).click();
    await page.waitForFunction(() => document.title === 'Ankara');

    await page.goto(`${shop.base}/admin/brand`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published:', { exact: false }).waitFor();

    for (const viewport of [SMALL_PHONE, DESKTOP]) {
      const visitor = await newPage(browser, viewport);
      await visitor.goto(shop.base);
      assert.equal(await visitor.title(), NAME, `tab title at ${viewport.width}`);
      const header = visitor.locator('header.site-header');
      await header.getByText(NAME).waitFor();
      // Her logo, once the app has replaced the server's shell header (whose wordmark is hers already).
      await header.locator('img.logo__img').waitFor();
      const background = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.equal(background, 'rgb(61, 31, 74)', 'her header colour, from the first HTML');
      await visitor.locator('footer.site-footer').scrollIntoViewIfNeeded();
      const footer = visitor.locator('footer.site-footer');
      await footer.getByText(`${NAME}. All rights reserved.`, { exact: false }).waitFor();
      assert.equal(
        await footer.getByRole('link', { name: 'Instagram' }).getAttribute('href'),
        'https://instagram.com/funkescloset',
      );
      assert.equal(await footer.getByRole('link', { name: 'X (Twitter)' }).count(), 0, 'a link she cleared is gone');
      const visible = await visitor.evaluate(
        () => document.querySelector('header')?.innerText + document.querySelector('footer')?.innerText,
      );
      assert.ok(
        !/\bAnkara\b(?!-print)/.test(visible),
        `no "Ankara" in the header or footer at ${viewport.width}: ${visible}`,
      );
      await visitor.screenshot({ path: `/tmp/ankara-shop-identity-store-${viewport.width}.png`, fullPage: true });
    }
    const manifest = await fetch(`${shop.base}/manifest.webmanifest`).then((r) => r.json());
    assert.equal(manifest.name, NAME);
    assert.equal(manifest.theme_color, '#3d1f4a');
    assert.ok(!JSON.stringify(manifest).includes('Ankara"'), 'no Ankara in the manifest');

    const checked = await axePage(browser, SMALL_PHONE);
    await checked.goto(shop.base);
    await checked.locator('header.site-header').getByText(NAME).waitFor();
    assert.deepEqual(await axeViolations(checked), [], 'axe clean in her colours');
    assert.deepEqual(page.errors, []);
  });
});
