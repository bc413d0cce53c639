// Reviews and refunds in a real browser against the real binary (issue 14): a customer buys a
// product through the sandbox, an admin marks the order processing, shipped and delivered, and the
// customer follows My Orders' "Write a review" to the product page, writes a review there and sees
// the average and count near the title change; a second customer without an order gets no form; a
// visitor is asked to sign in; a partial refund shows on My Orders; axe passes on a 360×740 phone.
//   cd frontend && npm run build && cd .. && cargo build --release
//   ANKARA_BIN=target/release/ankara node --test --test-concurrency=1 frontend/e2e/reviews.test.mjs
// ANKARA_E2E_SHOTS=1 keeps screenshots in /tmp (ankara-reviews-*.png, ankara-refunds-*.png).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  axeViolations,
  DESKTOP,
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

const TIMEOUT = 15_000;
const SHOTS = Boolean(process.env.ANKARA_E2E_SHOTS);

let shop;
let browser;
/** The product the customer buys and reviews (the cheapest featured one). */
let item;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  const { featured } = await featuredProducts(shop.base);
  item = [...featured].sort((a, b) => a.price - b.price)[0];
  assert.ok(item, 'the demo catalogue has a featured product');
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** A page whose context lets the test inject axe (the shop's CSP forbids inline scripts). */
async function axePage(viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** JSON from the API as the page's signed-in user: [status, body]. */
function call(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'ankara' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return [res.status, text ? JSON.parse(text) : null];
    },
    { method, path, body },
  );
}

/** The product as the shop answers it now (its rating and review count). */
function productNow() {
  return fetch(`${shop.base}/api/products/${item.id}`).then((r) => r.json());
}

/** The rating link near the product's title, as a screen reader names it. */
function ratingLink(page) {
  return page.locator('.product-info__rating');
}

/** Buys `item` on `page` through the sandbox pop-up, delivered to Lagos. */
async function buy(page) {
  await page.goto(`${shop.base}/product/${item.id}`);
  await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
  if (item.sizes.length > 1) await page.getByRole('radio', { name: item.sizes[0], exact: true }).check({ force: true });
  if (item.colors.length > 1)
    await page.getByRole('radio', { name: item.colors[0], exact: true }).check({ force: true });
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await page.getByText('Item added to your bag successfully!').waitFor();
  await page.goto(`${shop.base}/mybag`);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const form = page.getByRole('form', { name: 'Checkout details' });
  await form.getByLabel('Phone number').fill('0803 123 4567');
  await form.getByLabel('Street address').fill('14 Adeola Odeku Street');
  await form.getByLabel('City').fill('Victoria Island');
  await form.getByLabel('State', { exact: true }).selectOption('Lagos');
  await form.getByLabel('Postal code').fill('101241');
  await form.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  const popup = page.getByRole('dialog', { name: 'Test payment' });
  await popup.getByRole('button', { name: /\(Success\)$/ }).click();
  await page.getByText(/^Payment successful! Reference: \S+$/).waitFor();
}

/** What the customer bought, for the later tests. */
const bought = {};
/** The customer's page, kept signed in. */
let customer;
/** An admin's page. */
let admin;

test('a customer reviews a delivered product from My Orders; the average and count near the title follow', async () => {
  const page = await axePage(SMALL_PHONE);
  customer = page;
  await withShot(page, 'reviews-customer', async () => {
    await signUp(page, shop.base, { name: 'Zainab Quadri', email: `zainab-${Date.now()}@example.com` });
    await buy(page);
    const [, { orders }] = await call(page, 'GET', '/api/orders');
    assert.equal(orders.length, 1);
    bought.order = orders[0];

    // Not delivered yet: no review link on My Orders, and the product page says when they can review.
    await page.goto(`${shop.base}/myorders`);
    const card = page.getByRole('article', { name: `Order #${bought.order.number}` });
    await card.getByText('Paid', { exact: true }).waitFor();
    assert.equal(await card.getByRole('link', { name: /^Write a review/ }).count(), 0);
    await page.goto(`${shop.base}/product/${item.id}#reviews`);
    await page.getByText('You can review this product once it has been delivered to you.').waitFor();

    // The admin moves the order on: processing, shipped with a tracking number, delivered.
    admin = await newPage(browser, DESKTOP);
    admin.setDefaultTimeout(TIMEOUT);
    await signInAsAdmin(admin, shop);
    const path = `/api/admin/orders/${encodeURIComponent(bought.order.id)}`;
    for (const step of [
      { status: 'processing' },
      { status: 'shipped', trackingNumber: 'GIG-2211-LOS' },
      { status: 'delivered' },
    ]) {
      const [status, body] = await call(admin, 'PATCH', path, step);
      assert.equal(status, 200, `${step.status}: ${JSON.stringify(body)}`);
    }

    // My Orders offers "Write a review" on the delivered line; it opens the product at its reviews.
    const before = await productNow();
    await page.goto(`${shop.base}/myorders`);
    await card.getByText('Delivered', { exact: true }).waitFor();
    await card.getByRole('link', { name: `Write a review of ${item.name}` }).click();
    await page.waitForURL(`${shop.base}/product/${item.id}#reviews`);
    const section = page.getByRole('region', { name: 'Reviews' });
    const form = section.getByRole('form', { name: 'Write a review' });
    await form.waitFor();
    // Scrolled to the reviews: their heading is on screen.
    const heading = await section.getByRole('heading', { level: 2, name: 'Reviews' }).boundingBox();
    assert.ok(heading.y >= 0 && heading.y < SMALL_PHONE.height, `the Reviews heading is at ${heading.y}px`);
    if (before.reviewCount === 0) await ratingLink(page).getByText('No reviews yet').waitFor();

    // A missing rating is refused with the server's words; then the stars by keyboard.
    await form.getByRole('button', { name: 'Submit review' }).click();
    await form.getByRole('alert').filter({ hasText: 'Choose from 1 to 5 stars.' }).waitFor();
    const rating = before.reviewCount > 0 && before.rating >= 3 ? 1 : 5;
    await form.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('Space');
    for (let i = 1; i < rating; i++) await page.keyboard.press('ArrowRight');
    assert.equal(
      await form.getByRole('radio', { name: rating === 1 ? '1 star' : `${rating} stars` }).isChecked(),
      true,
    );
    await form.getByLabel('Title').fill(rating === 5 ? 'Smart and comfortable' : 'Not as pictured');
    await form
      .getByLabel(/^Your review/)
      .fill(rating === 5 ? 'Wore them to a wedding in Ikoyi and got compliments all night.' : 'The colour is off.');
    if (SHOTS) await page.screenshot({ path: '/tmp/ankara-reviews-form-360.png' });
    await form.getByRole('button', { name: 'Submit review' }).click();

    const mine = section.getByRole('region', { name: 'Your review' });
    await mine.getByText('Thank you! Your review is saved.').waitFor();
    await mine.getByRole('button', { name: 'Edit your review' }).waitFor();

    // The average and count near the title follow, without a reload.
    const expected = Math.round(((before.rating * before.reviewCount + rating) / (before.reviewCount + 1)) * 10) / 10;
    const shown = String(expected).replace(/\.0$/, '');
    const count = before.reviewCount + 1;
    const label = `Rated ${shown} out of 5`;
    await ratingLink(page).getByRole('img', { name: label }).waitFor();
    await ratingLink(page)
      .getByText(`${count} ${count === 1 ? 'review' : 'reviews'}`)
      .waitFor();
    const after = await productNow();
    assert.deepEqual([after.rating, after.reviewCount], [expected, count]);

    // After a reload the review shows once, under Your review, verified (not again in the list of
    // the others').
    await page.reload();
    const title = rating === 5 ? 'Smart and comfortable' : 'Not as pictured';
    const listed = page.getByRole('region', { name: 'Your review' });
    await listed.getByText(title, { exact: true }).waitFor();
    await listed.getByText('Verified purchase').waitFor();
    assert.equal(await page.getByText(title, { exact: true }).count(), 1, 'her review shows once');
    assert.equal(await page.getByText('Zainab Q.', { exact: true }).count(), 0, 'not listed again among the others');
    await page
      .getByRole('region', { name: 'Reviews' })
      .getByText(`Based on ${count} ${count === 1 ? 'review' : 'reviews'}`)
      .waitFor();

    // Editing starts from the review as saved.
    await page.getByRole('button', { name: 'Edit your review' }).click();
    const edit = page.getByRole('form', { name: 'Edit your review' });
    assert.equal(
      await edit.getByLabel('Title').inputValue(),
      rating === 5 ? 'Smart and comfortable' : 'Not as pictured',
    );
    assert.equal(
      await edit.getByRole('radio', { name: rating === 1 ? '1 star' : `${rating} stars` }).isChecked(),
      true,
    );

    // axe on the phone, with the summary, the list and the form on the page.
    await page.waitForTimeout(300);
    assert.deepEqual(await axeViolations(page), [], 'the product page with its reviews and the form passes axe');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    assert.deepEqual(await axeViolations(page), [], 'the product page with the review passes axe');
    assert.deepEqual(page.errors, []);
  });
});

test('a second customer without an order gets no form; a visitor is asked to sign in', async () => {
  assert.ok(bought.order, 'the first test ran');
  const page = await newPage(browser, MOBILE);
  page.setDefaultTimeout(TIMEOUT);
  await withShot(page, 'reviews-others', async () => {
    await page.goto(`${shop.base}/product/${item.id}#reviews`);
    const section = page.getByRole('region', { name: 'Reviews' });
    const signIn = section.getByRole('link', { name: 'Sign in to write a review' });
    await signIn.waitFor();
    assert.match(await signIn.getAttribute('href'), /^\/login\?next=%2Fproduct%2F.+%23reviews$/);
    await section.getByText('Zainab Q.', { exact: true }).waitFor();

    await signUp(page, shop.base, { name: 'Bola Second', email: `bola-${Date.now()}@example.com` });
    // Signed in now: load the page afresh (a goto to the same URL with its #reviews would not).
    await page.reload();
    await section.getByText('You can review this product once it has been delivered to you.').waitFor();
    assert.equal(await section.getByRole('form').count(), 0);
    assert.equal(await section.getByRole('button', { name: 'Write a review' }).count(), 0);
    // The server refuses too.
    const [status, body] = await call(page, 'PUT', `/api/products/${encodeURIComponent(item.id)}/review`, {
      rating: 1,
    });
    assert.equal(status, 403);
    assert.equal(body.message, 'You can review a product once it has been delivered to you.');
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

test('a partial refund shows on My Orders: "Refunded" or "Refund pending" by the total, and the refund', async () => {
  assert.ok(customer && admin, 'the first test ran');
  const [status, body] = await call(admin, 'POST', `/api/admin/orders/${encodeURIComponent(bought.order.id)}/refunds`, {
    amount: '1000.00',
    reason: 'Delivery took longer than promised',
    restock: [],
  });
  assert.equal(status, 201, JSON.stringify(body));
  const page = customer;
  await withShot(page, 'reviews-refund', async () => {
    await page.goto(`${shop.base}/myorders`);
    const card = page.getByRole('article', { name: `Order #${bought.order.number}` });
    await card.getByText(/^(Refunded|Refund pending) ₦1,000\.00$/).waitFor();
    const refunds = card.getByRole('list', { name: `Refunds of Order #${bought.order.number}` });
    await refunds.getByText('₦1,000.00').waitFor();
    await refunds.getByText('Delivery took longer than promised').waitFor();
    await refunds.getByText(/^(Refunded|Pending)$/).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'My Orders with a refund passes axe');

    if (SHOTS) {
      for (const viewport of [SMALL_PHONE, MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.goto(`${shop.base}/myorders`);
        await card.getByText(/^(Refunded|Refund pending) ₦1,000\.00$/).waitFor();
        await page.screenshot({ path: `/tmp/ankara-refunds-${viewport.width}.png`, fullPage: true });
        await page.goto(`${shop.base}/product/${item.id}#reviews`);
        await page.getByRole('region', { name: 'Your review' }).waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `/tmp/ankara-reviews-${viewport.width}.png` });
        await page.screenshot({ path: `/tmp/ankara-reviews-${viewport.width}-full.png`, fullPage: true });
      }
    }
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
  await admin.context().close();
});
