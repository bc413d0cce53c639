// Prices abroad (issue 41 §2), in a real browser against the real binary and its Paystack sandbox:
// the merchant sells in pounds and delivers to the UK; a shopper in London (an en-GB browser, on a
// phone) is offered pounds, switches, sees a dress in pounds, buys it delivered to London and pays
// in the sandbox in pounds; My Orders shows pounds and the naira worth; the admin refunds pounds.
// Every state checked passes axe. Screenshots (ANKARA_E2E_SHOTS=1) go to /tmp/ankara-41-*.png.
//   cd frontend && npx vite build && cd .. && cargo build --release
//   ANKARA_BIN=target/release/ankara node --test frontend/e2e/abroad.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiAs,
  axeViolations,
  featuredProducts,
  openBrowser,
  signInAsAdmin,
  signUp,
  startShop,
  withShot,
} from './harness.mjs';

const TIMEOUT = 20_000;
const PHONE = { width: 412, height: 823 };
const RATE = 200_000; // ₦2,000.00 per £1

let shop;
let browser;
let admin;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  admin = await pageAt({ width: 1366, height: 768 });
  await admin.goto(`${shop.base}/`);
  await signInAsAdmin(admin, shop);
  const pounds = { currencies: [{ currency: 'GBP', enabled: true, rate: RATE, rounding: 'ninetyNine' }] };
  const set = await apiAs(admin, 'PATCH', '/api/admin/settings', pounds);
  assert.equal(set.status, 200, JSON.stringify(set.body));
  // The demo's zones and pickup as they are, with the United Kingdom turned on at £25.00.
  const { body: options } = await apiAs(admin, 'GET', '/api/delivery');
  const decimal = (kobo) => (kobo / 100).toFixed(2);
  const pod = (p) => ({ enabled: p.enabled, maxTotal: decimal(p.maxTotal) });
  const body = {
    zones: options.zones.map((z) => ({
      name: z.name,
      fee: decimal(z.fee),
      estimate: z.estimate,
      freeOver: z.freeOver === null ? '' : decimal(z.freeOver),
      states: z.states,
      payOnDelivery: pod(z.payOnDelivery),
      liveRates: z.liveRates,
    })),
    pickup: {
      enabled: options.pickup.enabled,
      address: options.pickup.address,
      payOnDelivery: pod(options.pickup.payOnDelivery),
    },
    abroad: [{ region: 'GB', enabled: true, currency: 'GBP', fee: '25.00', estimate: '5–8 working days' }],
  };
  const put = await apiAs(admin, 'PUT', '/api/admin/delivery', body);
  assert.equal(put.status, 200, JSON.stringify(put.body));
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

async function pageAt(viewport, options = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, bypassCSP: true, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.setDefaultTimeout(TIMEOUT);
  return page;
}

async function axeClean(page, where) {
  assert.deepEqual(await axeViolations(page), [], `axe on ${where}`);
  if (process.env.ANKARA_E2E_SHOTS) {
    await page.screenshot({ path: `/tmp/ankara-41-${where.replace(/\W+/g, '-')}.png`, fullPage: true });
  }
}

const pounds = (minor) =>
  `£${(minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a shopper in London switches to pounds, buys a dress delivered to the UK, pays in pounds and is refunded in pounds', async () => {
  const { featured } = await featuredProducts(shop.base);
  const dress = featured.find((p) => /dress|gown|kaftan|ankara/i.test(`${p.name} ${p.category ?? ''}`)) ?? featured[0];
  const variant = dress.variants.find((v) => v.available > 0);
  const inPounds = dress.pricesAbroad.find((p) => p.currency === 'GBP');
  assert.ok(inPounds, 'the catalogue answers its price in pounds');

  const page = await pageAt(PHONE, { locale: 'en-GB' });
  const email = `london-${Date.now()}@example.com`;
  await signUp(page, shop.base, { name: 'Ada London', email });

  // ---- Offered pounds (suggested from the browser's language, never forced), she switches.
  await withShot(page, '41-suggested', async () => {
    await page.goto(`${shop.base}/`);
    const note = page.getByRole('complementary', { name: 'Currency suggestion' });
    // The chooser comes with the first scroll once the app has started (it is not on the first screen).
    for (let i = 0; i < 40 && (await note.count()) === 0; i++) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(250);
    }
    await note.getByText('Shopping from the UK? See prices in £ GBP').waitFor();
    await axeClean(page, 'the home page with the suggestion');
    await note.getByRole('button', { name: 'Switch to £ GBP' }).click();
    await note.waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('Currency').inputValue(), 'GBP');
  });

  // ---- The dress in pounds, remembered on the next page.
  await withShot(page, '41-product', async () => {
    await page.goto(`${shop.base}/product/${dress.id}`);
    await page.getByRole('heading', { level: 1, name: dress.name }).waitFor();
    await page.locator(`main [data-currency="GBP"][data-minor="${inPounds.price}"]`).first().waitFor();
    if (dress.sizes.length > 1)
      await page.getByRole('radio', { name: variant.size, exact: true }).check({ force: true });
    if (dress.colors.length > 1)
      await page.getByRole('radio', { name: variant.color, exact: true }).check({ force: true });
    await axeClean(page, 'the product page in pounds');
    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByText('Item added to your bag successfully!').waitFor();
  });

  // ---- Checkout to London: the UK's address, the fee and the total in pounds.
  const total = inPounds.price + 2500;
  await withShot(page, '41-checkout', async () => {
    await page.goto(`${shop.base}/mybag`);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const form = page.getByRole('form', { name: 'Checkout details' });
    await form.getByLabel('Country').selectOption({ label: 'United Kingdom' });
    assert.equal(await form.getByLabel('State', { exact: true }).count(), 0, 'no Nigerian state list abroad');
    await form.getByLabel('Phone number').fill('+44 20 7946 0958');
    await form.getByLabel('Street address').fill('1 Brixton Hill');
    await form.getByLabel('City').fill('London');
    await form.getByLabel('Postcode').fill('sw2 1aa');
    await axeClean(page, 'the checkout form abroad');
    await form.getByRole('button', { name: 'Proceed to Payment' }).click();
    const pay = page.getByRole('button', { name: `Pay ${pounds(total)}` });
    await pay.waitFor();
    await axeClean(page, 'the payment step in pounds');
    await pay.click();
    const popup = page.getByRole('dialog', { name: 'Test payment' });
    await popup.getByText(pounds(total), { exact: true }).waitFor();
    await popup.getByRole('button', { name: /\(Success\)$/ }).click();
    await page.getByText(/^Payment successful! Reference: \S+$/).waitFor();
  });

  // ---- What Paystack was asked for: pounds. The order: pounds, and its naira worth.
  const mine = await apiAs(page, 'GET', '/api/orders');
  const order = mine.body.orders[0];
  assert.deepEqual(
    { currency: order.charged.currency, total: order.charged.total, rate: order.charged.rate },
    { currency: 'GBP', total, rate: RATE },
  );
  assert.equal(order.totalAmount, total * (RATE / 100), 'the books count its naira worth at the rate used');
  assert.equal(order.deliveryAddress.country, 'United Kingdom');
  assert.equal(order.deliveryAddress.postalCode, 'SW2 1AA');
  await withShot(page, '41-orders', async () => {
    await page.goto(`${shop.base}/myorders`);
    const card = page.getByRole('article').filter({ hasText: `Order #${order.number}` });
    await card.getByText(pounds(total)).first().waitFor();
    await card.getByText(/at ₦2,000\.00 per £1/).waitFor();
    await axeClean(page, 'My Orders with an order paid in pounds');
  });

  // ---- The admin refunds in pounds; Paystack's sandbox gets pounds back.
  await withShot(admin, '41-refund', async () => {
    await admin.goto(`${shop.base}/admin/orders/${order.id}`);
    const panel = admin.getByRole('region', { name: 'Refunds' });
    const amount = panel.getByLabel('Amount (£)');
    await amount.fill('10.00');
    await panel.getByLabel('Reason').fill('Hem came loose');
    admin.once('dialog', (dialog) => void dialog.accept());
    await panel.getByRole('button', { name: 'Refund' }).click();
    const row = panel
      .getByRole('list', { name: 'History' })
      .getByRole('listitem')
      .filter({ hasText: 'Hem came loose' });
    await row.getByText('£10.00').first().waitFor();
    await axeClean(admin, 'the admin order paid in pounds, refunded');
  });
  const after = await apiAs(admin, 'GET', `/api/admin/orders/${order.id}`);
  assert.equal(after.body.refunds[0].amountAbroad, 1000);
  assert.equal(after.body.refunds[0].amount, 1000 * (RATE / 100));
  assert.deepEqual(page.errors, []);
  assert.deepEqual(admin.errors, []);
});
