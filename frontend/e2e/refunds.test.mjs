// Refunds and the back office's home against the real binary and its built-in Paystack sandbox:
// a shopper pays for an order; an admin refunds half of it from the order screen, putting one line
// back on sale; the refund is pending until the sandbox's webhook (about 2 s later) marks it
// processed, and the shopper's My Orders says "Refunded ₦X". Then the dashboard on a small phone:
// the figures include that sale, the page passes axe, and the orders export downloads a CSV.
//   cd frontend && npm run build && cd .. && cargo build --release
//   ANKARA_BIN=target/release/ankara node --test --test-concurrency=1 frontend/e2e/refunds.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  naira,
  DESKTOP,
  MOBILE,
  SMALL_PHONE,
  axeViolations,
  featuredProducts,
  newPage,
  openBrowser,
  signInAsAdmin,
  signUp,
  startShop,
  withShot,
} from './harness.mjs';

const TIMEOUT = 15_000;

let shop;
let browser;
/** The admin's desktop page, signed in for every test. */
let adminPage;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  adminPage = await newPage(browser, DESKTOP);
  adminPage.setDefaultTimeout(TIMEOUT);
  await signInAsAdmin(adminPage, shop);
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** Kobo as an admin types naira: 1250050 -> "12500.50". */
function typed(kobo) {
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

const productNow = (id) => fetch(`${shop.base}/api/products/${id}`).then((r) => r.json());

/**
 * Buys `quantity` of a variant of `product` as the shopper signed in on `page`, through the API
 * and the sandbox (the checkout screens have their own tests): bag, checkout, test card, verify.
 */
async function buy(page, product, variant, quantity) {
  const answer = await page.evaluate(
    async ({ productId, size, color, quantity }) => {
      const write = { 'Content-Type': 'application/json', 'X-Requested-With': 'ankara' };
      const post = async (path, body, headers = {}) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { ...write, ...headers },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
        return text ? JSON.parse(text) : null;
      };
      await post('/api/bag', { productId, size, color, quantity });
      const start = await post(
        '/api/checkout',
        {
          customer: { name: 'Refund Shopper', email: window.__email, phone: '0803 123 4567' },
          address: {
            street: '14 Adeola Odeku Street',
            city: 'Victoria Island',
            state: 'Lagos',
            country: 'Nigeria',
            postalCode: '101241',
          },
          method: 'delivery',
          code: null,
        },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      await post(`/api/sandbox/checkout/${encodeURIComponent(start.accessCode)}`, { outcome: 'success' });
      const verified = await post('/api/payments/verify', { reference: start.reference });
      return verified.data;
    },
    { productId: product.id, size: variant.size, color: variant.color, quantity },
  );
  assert.equal(answer.success, true, `the payment was verified: ${JSON.stringify(answer)}`);
  return answer.order;
}

/** What the shopper bought and the admin refunded, for the later checks. */
const done = {};

test('an admin refunds half of a paid order; pending, then processed by the webhook; the shopper sees it', async () => {
  const { choosy } = await featuredProducts(shop.base);
  const before = await productNow(choosy.id);
  const variant = before.variants.find((v) => v.available >= 5);
  assert.ok(variant, 'the demo product has a variant with stock to sell');

  // ---- The shopper pays for two of a variant.
  const shopper = await newPage(browser, MOBILE);
  shopper.setDefaultTimeout(TIMEOUT);
  const email = `refund-${Date.now()}@example.com`;
  await signUp(shopper, shop.base, { name: 'Refund Shopper', email });
  await shopper.evaluate((email) => (window.__email = email), email);
  const order = await buy(shopper, choosy, variant, 2);
  done.order = order;
  const sold = (await productNow(choosy.id)).variants.find((v) => v.id === variant.id);
  assert.equal(sold.available, variant.available - 2, 'the sale took two units');

  const half = Math.floor(order.totalAmount / 2);
  done.half = half;
  const page = adminPage;
  await withShot(page, 'refunds-admin', async () => {
    await page.goto(`${shop.base}/admin/orders/${order.id}`);
    const panel = page.getByRole('region', { name: 'Refunds' });
    const amount = panel.getByLabel('Amount (₦)');
    await amount.waitFor();
    // The amount starts at the whole order.
    assert.equal(await amount.inputValue(), typed(order.totalAmount).replace(/\.00$/, ''));
    await panel.getByText(`At most ${naira(order.totalAmount)}.`).waitFor();

    // The reason is required.
    await amount.fill(typed(half));
    await panel.getByRole('button', { name: 'Refund' }).click();
    await panel.getByText('Please give a reason for the refund.').waitFor();

    // More than paid is refused before sending.
    await panel.getByLabel('Reason').fill('Half the order arrived damaged');
    await amount.fill(typed(order.totalAmount + 1));
    await panel.getByRole('button', { name: 'Refund' }).click();
    await panel.getByText(`Enter an amount of at most ${naira(order.totalAmount)}.`).waitFor();

    // Half, with one of the line's two units put back on sale; the confirmation names the amount;
    // one click, one refund.
    await amount.fill(typed(half));
    await panel.getByRole('group', { name: 'Put back on sale' }).getByRole('spinbutton').first().fill('1');
    const posts = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && /\/api\/admin\/orders\/[^/]+\/refunds$/.test(new URL(req.url()).pathname))
        posts.push(req.postDataJSON());
    });
    const dialogs = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await panel.getByRole('button', { name: 'Refund' }).click();
    const history = panel.getByRole('list', { name: 'History' });
    const row = history.getByRole('listitem').filter({ hasText: 'Half the order arrived damaged' });
    await row.waitFor();
    assert.match(dialogs[0], new RegExp(`^Refund ${naira(half).replace(/[.]/g, '\\.')} to the customer\\?`));
    assert.deepEqual(posts, [
      { amount: typed(half), reason: 'Half the order arrived damaged', restock: [{ line: 0, units: 1 }] },
    ]);

    // Pending first (unless the webhook already came), then processed once the sandbox's webhook arrives.
    const badge = row.locator('.refund-badge');
    const first = (await badge.innerText()).trim().toLowerCase();
    assert.ok(['pending', 'processed'].includes(first), `the refund starts pending: ${first}`);
    if (first === 'pending') {
      await page.getByRole('status').filter({ hasText: 'waiting for Paystack to confirm it' }).waitFor();
    }
    await row.locator('.refund-badge--processed').waitFor({ timeout: 20_000 });
    await page
      .getByRole('status')
      .filter({ hasText: `Refund of ${naira(half)} processed.` })
      .waitFor();
    await row.getByText('1 unit put back on sale').waitFor();

    const totals = async () =>
      Object.fromEntries(
        await panel
          .locator('.admin-refunds__totals > div')
          .evaluateAll((divs) =>
            divs.map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent]),
          ),
      );
    assert.deepEqual(await totals(), {
      'Total paid': naira(order.totalAmount),
      Refunded: naira(half),
      Pending: naira(0),
      'Left to refund': naira(order.totalAmount - half),
    });
    // What is left is offered next.
    assert.equal(await amount.inputValue(), typed(order.totalAmount - half).replace(/\.00$/, ''));
    assert.deepEqual(page.errors, []);
  });

  // One of the line's two units is on sale again, not both.
  const restocked = (await productNow(choosy.id)).variants.find((v) => v.id === variant.id);
  assert.equal(restocked.available, variant.available - 1, 'one of the two units went back on sale');

  // ---- The shopper's My Orders says so.
  await withShot(shopper, 'refunds-shopper', async () => {
    await shopper.goto(`${shop.base}/myorders`);
    const card = shopper.getByRole('article').filter({ hasText: `Order #${order.number}` });
    await card
      .getByText(`Refunded ${naira(half)}`)
      .first()
      .waitFor();
    assert.deepEqual(shopper.errors, []);
  });
  await shopper.context().close();
});

test('small phone: the dashboard shows the sale less the refund, passes axe, and exports the orders as CSV', async () => {
  // bypassCSP lets the test inject axe (the shop's CSP forbids inline scripts).
  const context = await browser.newContext({ viewport: SMALL_PHONE, deviceScaleFactor: 1, bypassCSP: true });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.setDefaultTimeout(TIMEOUT);
  // The same admin: the admin's session cookie goes into this phone's context.
  await context.addCookies(await adminPage.context().cookies());
  await withShot(page, 'refunds-dashboard', async () => {
    await page.goto(`${shop.base}/admin/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const sales = page.getByRole('region', { name: 'Sales', exact: true });
    const today = sales.getByRole('listitem').first();
    await today.waitFor();
    if (done.order) {
      // At least this order's money, less its refund (other tests' orders may add to it).
      const figure = await today.locator('.dash-period__revenue').innerText();
      const kobo = Number(figure.replace(/[₦,.]/g, ''));
      assert.ok(
        kobo >= done.order.totalAmount - done.half,
        `today's revenue ${figure} counts the sale less the refund`,
      );
    }
    const chart = page.getByRole('img', { name: /^Daily revenue for the last 30 days/ });
    await chart.waitFor();
    assert.equal(await chart.locator('rect').count(), 30);
    const box = await chart.boundingBox();
    assert.ok(box.width >= 180, `the chart is readable on a 360 px phone (${box.width} px wide)`);
    await page.getByRole('region', { name: 'Orders waiting' }).getByRole('link', { name: /Paid/ }).waitFor();
    assert.equal(
      await page.getByRole('link', { name: /Oversold to refund/ }).getAttribute('href'),
      '/admin/orders?oversold=true',
    );

    // Nothing wider than the phone, and no serious accessibility problems.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.equal(overflow, 0, 'no sideways scrolling');
    assert.deepEqual(await axeViolations(page), []);

    // The export downloads a CSV of today's orders.
    const form = page.getByRole('form', { name: 'Export orders (CSV)' });
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Export orders (CSV)' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    assert.match(lines[0], /^order_number,placed_at,status,/);
    assert.match(lines[0], /,refunded,payment_method,collected_at,source,amount_paid,balance,currency,charged$/);
    if (done.order) {
      // One row per line of the order (a single line here), with what was refunded.
      const rows = lines.filter((l) => l.startsWith(`${done.order.number},`));
      assert.equal(rows.length, done.order.items.length, `the CSV lists the order's lines: ${csv.slice(0, 400)}`);
      // The refunded amount, then how it was paid (a Paystack order: nothing collected), in naira.
      assert.ok(
        /,0\.00,NGN,$/.test(rows[0]) && rows[0].includes(`,${typed(done.half)},paystack,,website,`),
        `the row has the refunded amount, paystack, no collection, the website as source, no balance, naira: ${rows[0]}`,
      );
    }
    await page
      .getByRole('status')
      .filter({ hasText: /downloaded/ })
      .waitFor();

    // The dashboard is the admin's way in, from the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    assert.equal(
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Dashboard' }).getAttribute('href'),
      '/admin/dashboard',
    );
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

test('an admin who signs in lands on the dashboard; /admin leads there too', async () => {
  const email = `owner-${Date.now()}@example.com`;
  const first = await newPage(browser, DESKTOP);
  await signUp(first, shop.base, { name: 'Shop Owner', email, password: 'secret123' });
  await shop.grantAdmin(email);
  await first.context().close();

  const page = await newPage(browser, MOBILE);
  page.setDefaultTimeout(TIMEOUT);
  await withShot(page, 'refunds-landing', async () => {
    await page.goto(`${shop.base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${shop.base}/admin/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.goto(`${shop.base}/admin`);
    await page.waitForURL(`${shop.base}/admin/dashboard`);
    await page.getByRole('region', { name: 'Sales', exact: true }).waitFor();
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
