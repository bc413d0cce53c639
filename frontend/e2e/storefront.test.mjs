// The read-only storefront in a real browser against the real binary, at phone and desktop sizes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, MOBILE, newPage, openBrowser, startShop } from './harness.mjs';

let shop;
let browser;
let catalog;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  const get = (path) => fetch(`${shop.base}${path}`).then((r) => r.json());
  const watches = await get('/api/collections/wristwatches');
  catalog = {
    product: watches.products[0],
    releases: await get('/api/releases'),
    featured: await get('/api/products/featured'),
  };
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const naira = /₦\d{1,3}(,\d{3})*\.\d{2}/;

for (const [label, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
]) {
  describe(`storefront on a ${label} (${viewport.width}×${viewport.height})`, () => {
    test('home: hero, collections, new releases, featured and footer', async () => {
      const page = await newPage(browser, viewport);
      await page.goto(shop.base);
      await page.getByRole('heading', { level: 1, name: 'Ankara' }).first().waitFor();
      // Hero: three slides with dots that select a slide directly.
      await page.getByRole('button', { name: 'Go to slide 3' }).click();
      assert.equal(await page.getByRole('button', { name: 'Go to slide 3' }).getAttribute('aria-current'), 'true');
      // Collections: the six, each with Explore Collection.
      const explore = page.getByRole('link', { name: /^Explore Collection: / });
      await explore.first().waitFor();
      assert.equal(await explore.count(), 6);
      // New releases: heading, the newest release's name, Shop Now opens its product.
      // The section, not its heading: the heading is redrawn when the releases arrive (loading,
      // then the carousel), which can happen while the page scrolls to it.
      await page.locator('section.releases').scrollIntoViewIfNeeded();
      const newest = catalog.releases[0];
      await page.getByText(newest.name).first().waitFor();
      const shopNow = page.getByRole('link', { name: /Shop Now/ }).first();
      assert.equal(await shopNow.getAttribute('href'), `/product/${newest.productId}`);
      await page.getByRole('button', { name: 'Next release' }).click();
      await page.getByText(catalog.releases[1].name).first().waitFor();
      // Featured: first image, name and naira price.
      const heading = page.getByRole('heading', { name: 'Featured Products' });
      await heading.scrollIntoViewIfNeeded();
      const first = catalog.featured[0];
      await page.getByText(first.name).first().waitFor();
      const featuredSection = page.locator('section', { has: heading });
      assert.match(await featuredSection.innerText(), naira);
      // Footer.
      const footer = page.locator('footer');
      await footer.scrollIntoViewIfNeeded();
      assert.ok((await footer.innerText()).includes(`© ${new Date().getFullYear()}`));
      for (const name of ['About Us', 'Tracking', 'Privacy Policy']) {
        await footer.getByRole('link', { name }).waitFor();
      }
      for (const name of ['Instagram', 'X (Twitter)', 'Facebook']) {
        assert.equal(await footer.getByRole('link', { name }).getAttribute('target'), '_blank');
      }
      assert.deepEqual(page.errors, []);
    });

    test('collections are reachable from the header or the sidebar', async () => {
      const page = await newPage(browser, viewport);
      await page.goto(shop.base);
      if (viewport === MOBILE) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const sidebar = page.getByRole('dialog', { name: 'Menu' });
        await sidebar.getByRole('button', { name: /Collections/ }).click();
        for (const name of [
          'Formal Shoes',
          'Formal Trouser',
          'Corporate Shirts',
          'Wristwatches',
          'Suits',
          'Sneakers',
        ]) {
          await sidebar.getByRole('link', { name }).waitFor();
        }
        await sidebar.getByRole('link', { name: 'Login' }).waitFor();
        await sidebar.getByRole('link', { name: 'Sign Up' }).waitFor();
        await sidebar.getByRole('link', { name: 'Suits' }).click();
      } else {
        const nav = page.getByRole('navigation', { name: 'Main' });
        await nav.getByRole('button', { name: /Collections/ }).click();
        for (const name of [
          'Formal Shoes',
          'Formal Trouser',
          'Corporate Shirts',
          'Wristwatches',
          'Suits',
          'Sneakers',
        ]) {
          await nav.getByRole('menuitem', { name }).or(nav.getByRole('link', { name })).first().waitFor();
        }
        await nav
          .getByRole('menuitem', { name: 'Suits' })
          .or(nav.getByRole('link', { name: 'Suits' }))
          .first()
          .click();
      }
      await page.waitForURL(/\/collections\/suits$/);
      await page.getByRole('heading', { level: 1, name: 'Suits' }).waitFor();
      assert.equal(await page.title(), 'Suits — Ankara');
    });

    test('collection page: banner, log-in call, grid with a second image on hover', async () => {
      const page = await newPage(browser, viewport);
      await page.goto(`${shop.base}/collections/wristwatches`);
      await page.getByRole('heading', { level: 1, name: 'Wristwatches' }).waitFor();
      const logIn = page.getByRole('link', { name: 'Log In to Shop' });
      // It keeps the shopper's place: back to this collection after signing in.
      assert.equal(await logIn.getAttribute('href'), '/login?next=%2Fcollections%2Fwristwatches');
      await page.getByRole('heading', { level: 2, name: 'Wristwatches' }).waitFor();
      const card = page.getByRole('link', { name: new RegExp(catalog.product.name) }).first();
      await card.waitFor();
      assert.ok((await page.locator('main img').count()) >= 6);
      await card.click();
      await page.waitForURL(new RegExp(`/product/${catalog.product.id}$`));
    });

    test('product page: slider, rating, price, description', async () => {
      const page = await newPage(browser, viewport);
      const p = catalog.product;
      await page.goto(`${shop.base}/product/${p.id}`);
      await page.getByRole('heading', { level: 1, name: p.name }).waitFor();
      await page
        .getByRole('img', { name: new RegExp(`^Rated ${p.rating}(\\.0)? out of 5$`) })
        .first()
        .waitFor();
      await page.getByText(`${p.reviewCount} reviews`).first().waitFor();
      assert.match(await page.locator('main').innerText(), naira);
      await page.getByText(p.description.slice(0, 40)).first().waitFor();
      await page.getByRole('button', { name: 'Next image' }).click();
      await page.getByRole('button', { name: 'Previous image' }).click();
      assert.equal(await page.title(), `${p.name} — Ankara`);
    });

    test('not-found screens', async () => {
      const page = await newPage(browser, viewport);
      await page.goto(`${shop.base}/product/no-such-product`);
      await page.getByText("The product you're looking for doesn't exist.").waitFor();
      await page.goto(`${shop.base}/collections/no-such-collection`);
      await page.getByText('Collection not found').waitFor();
      await page.goto(`${shop.base}/no/such/page`);
      await page
        .getByText(/Page not found/i)
        .first()
        .waitFor();
    });

    test('about, contact and privacy', async () => {
      const page = await newPage(browser, viewport);
      const about = await fetch(`${shop.base}/api/about`).then((r) => r.json());
      await page.goto(`${shop.base}/about`);
      await page.getByRole('heading', { level: 1, name: about.title }).waitFor();
      await page.getByText(about.description2.slice(0, 40)).waitFor();
      assert.equal(await page.locator('main img').count(), 2);

      await page.goto(`${shop.base}/contact`);
      await page.getByRole('button', { name: /send|submit/i }).click();
      assert.equal((await (await fetch(`${shop.base}/api/health`)).json()).status, 'ok');
      await page.getByLabel(/e-?mail/i).fill('ada@example.com');
      await page.getByLabel(/message/i).fill(`Do you deliver to Abuja? (${label})`);
      await page.getByRole('button', { name: /send|submit/i }).click();
      await page.getByRole('heading', { name: 'Message sent' }).waitFor();

      await page.goto(`${shop.base}/privacy`);
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    });
  });
}
