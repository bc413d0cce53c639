// Issue 33, §1 and §5 in a real browser: Funke makes the demo shop hers on the back office's Shop
// identity screen (name, logo, colours, font), previews the draft — which shoppers do not see — and
// publishes; then her name and logo are in the header, the tab title, the footer and the manifest,
// at 360 and 1366 px, "Ankara" nowhere in what shoppers read, and axe finds nothing in her colours.
//   ANKARA_BIN=target/release/ankara node --test frontend/e2e/shop-identity.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiAs,
  axePage,
  axeViolations,
  DESKTOP,
  demoImage,
  featuredProducts,
  newPage,
  signInAsAdmin,
  SMALL_PHONE,
  withShot,
  shopAndBrowserForThisFile,
} from './harness.mjs';

const { shop, browser } = shopAndBrowserForThisFile();

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

test('her contacts are on the contact page, and her logo and contacts head the receipt and the packing slip', async () => {
  const owner = await newPage(browser, SMALL_PHONE);
  await withShot(owner, 'shop-identity-contacts', async () => {
    await signInAsAdmin(owner, shop);
    const { body: brand } = await apiAs(owner, 'GET', '/api/admin/brand');
    const contacts = {
      phone: '0803 555 0199',
      whatsapp: '0803 555 0100',
      email: 'hello@funkescloset.ng',
      address: '12 Admiralty Way, Lekki, Lagos',
      hours: 'Mon–Sat, 9am–6pm',
    };
    // The document as published (its logo rides along and is not part of it), with her contacts.
    assert.equal((await apiAs(owner, 'PUT', '/api/admin/brand', { ...brand.published, ...contacts })).status, 200);
    assert.equal((await apiAs(owner, 'POST', '/api/admin/brand/publish')).status, 200);

    // The contact page: each way to reach her, as a shopper on a small phone sees it.
    const shopper = await axePage(browser, SMALL_PHONE);
    await shopper.goto(`${shop.base}/contact`);
    const reach = shopper.getByRole('region', { name: 'Other ways to reach us' });
    await reach.waitFor();
    const text = await reach.innerText();
    for (const want of [
      '0803 555 0199',
      '+234 803 555 0100',
      'hello@funkescloset.ng',
      '12 Admiralty Way',
      'Mon–Sat, 9am–6pm',
    ]) {
      assert.ok(text.includes(want), `the contact page shows ${want}: ${text}`);
    }
    assert.equal(
      await reach.getByRole('link', { name: '+234 803 555 0100' }).getAttribute('href'),
      'https://wa.me/2348035550100',
    );
    assert.equal(
      await reach.getByRole('link', { name: 'Instagram' }).getAttribute('href'),
      'https://instagram.com/funkescloset',
    );
    assert.equal(await reach.getByRole('link', { name: 'Facebook' }).count(), 0, 'a link she has not set is not shown');
    assert.deepEqual(await axeViolations(shopper), [], 'the contact page is axe clean in her colours');
    await shopper.screenshot({ path: '/tmp/ankara-contact-360.png', fullPage: true });
    const wide = await newPage(browser, DESKTOP);
    await wide.goto(`${shop.base}/contact`);
    await wide.getByRole('region', { name: 'Other ways to reach us' }).waitFor();
    await wide.screenshot({ path: '/tmp/ankara-contact-1366.png', fullPage: true });
    const ld = JSON.parse(await shopper.locator('script[type="application/ld+json"]').textContent());
    assert.equal(ld['@type'], 'Organization');
    assert.equal(ld.name, NAME);
    assert.equal(ld.telephone, '0803 555 0199');

    // An order taken in a chat, printed.
    const { featured } = await featuredProducts(shop.base);
    const made = await apiAs(owner, 'POST', '/api/admin/orders', {
      customer: { name: 'Amaka Eze', phone: '0803 123 4567' },
      lines: [{ variantId: featured[0].variants[0].id, quantity: 1 }],
      delivery: {
        state: 'Lagos',
        address: { street: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos', postalCode: '100001', country: 'Nigeria' },
      },
      source: 'whatsapp',
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const { order } = made.body;
    for (const [path, name, shot] of [
      ['receipt', `Receipt for Order #${order.number}`, 'receipt'],
      ['packing-slip', `Packing slip for Order #${order.number}`, 'packing-slip'],
    ]) {
      await owner.goto(`${shop.base}/admin/orders/${order.id}/${path}`);
      const paper = owner.getByRole('article', { name });
      await paper.waitFor();
      const logo = paper.locator('.print-doc__logo');
      await logo.waitFor();
      assert.ok(await logo.evaluate((img) => img.complete && img.naturalWidth > 0), `her logo is drawn on the ${path}`);
      const printed = await paper.innerText();
      for (const want of [
        NAME,
        '12 Admiralty Way',
        'Phone 0803 555 0199',
        'WhatsApp +234 803 555 0100',
        'hello@funkescloset.ng',
      ]) {
        assert.ok(printed.includes(want), `the ${path} shows ${want}`);
      }
      assert.ok(!/\bAnkara\b(?!-print)/.test(printed), `no "Ankara" on the ${path}`);
      await owner.screenshot({ path: `/tmp/ankara-${shot}-360.png`, fullPage: true });
    }
    assert.deepEqual(owner.errors, []);
  });
});
