// Gift cards end to end on a 360-px phone (issue 35 §3), against the real binary and its built-in
// Paystack sandbox: the owner issues a card on the Gift cards screen and reads its code once; a
// shopper spends it in two orders, the first paid by the card alone (no payment pop-up), the second
// paying the card's rest and the remainder through the sandbox's test card; the card is then empty
// on the screen and by the public balance lookup.
//   cd frontend && npm run build && cd .. && cargo build --release
//   ANKARA_BIN=target/release/ankara node --test --test-concurrency=1 frontend/e2e/credit.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SMALL_PHONE,
  apiAs,
  axePage,
  axeViolations,
  featuredProducts,
  naira,
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

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** Fills the checkout's details step and goes on to Payment. */
async function detailsThenPayment(page) {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const form = page.getByRole('form', { name: 'Checkout details' });
  await form.waitFor();
  await form.getByLabel('Phone number').fill('0803 123 4567');
  await form.getByLabel('Street address').fill('14 Adeola Odeku Street');
  await form.getByLabel('City').fill('Victoria Island');
  await form.getByLabel('State', { exact: true }).selectOption('Lagos');
  await form.getByLabel('Postal code').fill('101241');
  await form.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
}

/** Puts one of `product` in the bag of the shopper on `page`. */
async function addToBag(page, product) {
  const variant = product.variants.find((v) => v.available > 1);
  const { status, body } = await apiAs(page, 'POST', '/api/bag', {
    productId: product.id,
    size: variant.size,
    color: variant.color,
    quantity: 1,
  });
  assert.ok(status < 300, JSON.stringify(body));
}

test('a gift card issued by the owner is spent in two orders, the second paying the rest by card', async () => {
  const { featured } = await featuredProducts(shop.base);
  const product = featured.find((p) => p.variants.some((v) => v.available > 2));
  assert.ok(product, 'a featured product with stock');

  // The shopper's bag, priced by the server: the card will pay one order and ₦1,000 of the next.
  const shopper = await newPage(browser, SMALL_PHONE);
  shopper.setDefaultTimeout(TIMEOUT);
  await signUp(shopper, shop.base, { name: 'Gift Holder', email: `holder-${Date.now()}@example.com` });
  await addToBag(shopper, product);
  const quote = await apiAs(shopper, 'POST', '/api/checkout/quote', { state: 'Lagos', method: 'delivery' });
  assert.equal(quote.status, 200, JSON.stringify(quote.body));
  const total = quote.body.breakdown.total;
  const cardAmount = total + 100_000;

  // ---- The owner issues the card on a phone; its code is shown once.
  const owner = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await signInAsAdmin(owner, shop);
  let code;
  await withShot(owner, 'credit-issue', async () => {
    await owner.goto(`${shop.base}/admin/gift-cards`);
    await owner.getByRole('heading', { name: 'Issue a gift card' }).waitFor();
    await owner.getByLabel('Amount (₦)').fill(String(cardAmount / 100));
    await owner.getByLabel('Note').fill('Birthday present');
    await owner.getByRole('button', { name: 'Issue gift card' }).click();
    code = (await owner.getByTestId('gift-card-code').innerText()).trim();
    assert.match(code, /^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    const row = owner.locator('tr').filter({ hasText: `•••• ${code.slice(-4)}` });
    await row.getByText(naira(cardAmount)).first().waitFor();
    assert.equal(
      await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      true,
      'no sideways scrolling at 360 px',
    );
    assert.deepEqual(await axeViolations(owner), [], 'the Gift cards screen passes axe');
  });

  // ---- First order: the card pays it all, with no payment pop-up.
  await withShot(shopper, 'credit-first', async () => {
    await shopper.goto(`${shop.base}/mybag`);
    await detailsThenPayment(shopper);
    await shopper.getByRole('textbox', { name: 'Gift card' }).fill(code.toLowerCase().replaceAll('-', ' '));
    await shopper.getByRole('form', { name: 'Gift card' }).getByRole('button', { name: 'Apply' }).click();
    await shopper.getByText(`Gift card applied: −${naira(total)}`).waitFor();
    await shopper.getByRole('button', { name: 'Place order' }).click();
    await shopper.getByText(/^Payment successful! Reference: CRD-/).waitFor();
    await shopper.getByText('Your bag is empty').waitFor();
  });

  // ---- Second order: the card's last ₦1,000, the rest through the sandbox's test card.
  await addToBag(shopper, product);
  await withShot(shopper, 'credit-second', async () => {
    await shopper.goto(`${shop.base}/mybag`);
    await detailsThenPayment(shopper);
    await shopper.getByRole('textbox', { name: 'Gift card' }).fill(code);
    await shopper.getByRole('form', { name: 'Gift card' }).getByRole('button', { name: 'Apply' }).click();
    await shopper.getByText(`Gift card applied: −${naira(100_000)}`).waitFor();
    const rest = total - 100_000;
    assert.equal((await shopper.getByTestId('to-pay').innerText()).trim(), naira(rest));
    await shopper.getByRole('button', { name: `Pay ${naira(rest)}` }).click();
    const popup = shopper.getByRole('dialog', { name: 'Test payment' });
    await popup.waitFor();
    await popup.getByText(naira(rest), { exact: true }).waitFor();
    await popup.getByRole('button', { name: /\(Success\)$/ }).click();
    await shopper.getByText(/^Payment successful! Reference: /).waitFor();
  });

  // ---- The card is empty: on the Gift cards screen and by its code.
  const lookup = await fetch(`${shop.base}/api/gift-cards/balance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'ankara' },
    body: JSON.stringify({ code }),
  }).then((r) => r.json());
  assert.equal(lookup.balance, 0);
  await owner.reload();
  const row = owner.locator('tr').filter({ hasText: `•••• ${code.slice(-4)}` });
  await row.getByText(naira(0)).waitFor();

  // The orders say what the card paid and what went through Paystack.
  const orders = await apiAs(shopper, 'GET', '/api/orders');
  const list = orders.body.orders ?? orders.body;
  const [second, first] = list;
  assert.equal(first.paidByGiftCard, total);
  assert.equal(first.paidOnline, 0);
  assert.equal(second.paidByGiftCard, 100_000);
  assert.equal(second.paidOnline, total - 100_000);
});
