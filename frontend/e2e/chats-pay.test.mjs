// Issue 24's shopper side in a real browser against the real binary, through the built-in
// Paystack sandbox: an owner creates an order taken in a chat (POST /api/admin/orders, a 40 %
// deposit); a visitor on a 360 px phone opens its pay link, pays the deposit and sees the order part
// paid; a balance link paid the same way turns it paid in full; a cancelled link says so and offers
// the shop's WhatsApp; the packing slip shows the SKU and the customer's note and no prices, at A4
// and at 80 mm (screenshots in /tmp/ankara-24-*.png). Every pay page state passes axe.
//   cd frontend && npx vite build && cd .. && cargo build --release
//   ANKARA_FRONTEND_DIR=frontend/dist ANKARA_BIN=target/release/ankara node --test frontend/e2e/chats-pay.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiAs,
  axePage,
  axeViolations,
  DESKTOP,
  featuredProducts,
  naira,
  openBrowser,
  signInAsAdmin,
  SMALL_PHONE,
  startShop,
  withShot,
} from './harness.mjs';

const TIMEOUT = 15_000;
// The shop's WhatsApp number, as a merchant types it; links carry it in international digits.
process.env.ANKARA_WHATSAPP_NUMBER = '0803 555 0100';
const WA = 'https://wa.me/2348035550100';
const SKU = 'ADR-E2E-01';
const NOTE = 'Call before delivery, gate code 4411';
// The sandbox completes a transfer by webhook after this delay (its default is 10 s).
process.env.ANKARA_SANDBOX_TRANSFER_DELAY_MS = '2000';

let shop;
let browser;
let owner;
let product;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  owner = await pageAt(DESKTOP);
  await owner.goto(shop.base);
  await signInAsAdmin(owner, shop);
  const { featured } = await featuredProducts(shop.base);
  product = [...featured].sort((a, b) => a.price - b.price)[0];
  const variant = product.variants[0];
  const edited = await call(owner, 'PATCH', `/api/admin/variants/${variant.id}`, { stock: 20, sku: SKU });
  assert.equal(edited.status, 200, JSON.stringify(edited.body));
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

function pageAt(viewport) {
  return axePage(browser, viewport, TIMEOUT);
}

const call = apiAs;

/** An order taken in a WhatsApp chat: two of the product's first variant, delivered in Lagos. */
async function chatOrder(extra = {}) {
  const made = await call(owner, 'POST', '/api/admin/orders', {
    customer: { name: 'Amaka Eze', phone: '0803 123 4567' },
    lines: [{ variantId: product.variants[0].id, quantity: 2 }],
    delivery: {
      state: 'Lagos',
      address: { street: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos', postalCode: '100001', country: 'Nigeria' },
    },
    customerNote: NOTE,
    source: 'whatsapp',
    ...extra,
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return made.body;
}

/** The pay link's page on this shop (the link's host is the configured public URL). */
function payPath(link) {
  return `${shop.base}${new URL(link).pathname}`;
}

async function noAxe(page, what) {
  assert.deepEqual(await axeViolations(page), [], `${what} passes axe`);
}

/** On the pay page: Pay, the sandbox's successful test card, and the link shown paid. */
async function payInSandbox(page, amount) {
  await page.getByRole('button', { name: `Pay ${naira(amount)}` }).click();
  const popup = page.getByRole('dialog', { name: 'Test payment' });
  await popup.waitFor();
  await popup.getByRole('button', { name: /Pay with test card 4084 0840 8408 4081/ }).click();
  await page.getByRole('heading', { name: 'This link has been paid. Thank you!' }).waitFor();
  assert.equal(await popup.count(), 0, 'the pop-up closed');
  // The pointer rests where the test card was, now over the page's buttons: move it off them, and
  // let their hover colours settle before axe reads them.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

test('a chat order paid by link on a 360 px phone: the deposit, then the balance', async () => {
  const { order, payLink } = await chatOrder({ deposit: { percent: 40 } });
  const deposit = Math.floor((order.totalAmount * 40) / 100);
  const page = await pageAt(SMALL_PHONE);
  await withShot(page, 'ankara-24-deposit', async () => {
    await page.goto(payPath(payLink));
    await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
    const ask = await page.getByRole('heading', { level: 2, name: /deposit of/ }).innerText();
    assert.ok(ask.includes(naira(deposit)) && ask.includes(naira(order.totalAmount)), ask);
    const body = await page.locator('main, #root').first().innerText();
    assert.ok(body.includes(product.name), 'the line');
    assert.ok(body.includes('Ikeja, Lagos'), 'the deliver-to town');
    assert.ok(body.includes(NOTE), "the customer's note");
    // Nothing wider than the phone.
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll',
    );
    await noAxe(page, 'an open deposit link');
    await page.screenshot({ path: '/tmp/ankara-24-pay-open-360.png', fullPage: true });

    await payInSandbox(page, deposit);
    const paid = await page.locator('.pay-link__card').innerText();
    assert.ok(paid.includes(`Part paid, ${naira(order.totalAmount - deposit)} balance`), paid);
    const track = page.getByRole('link', { name: 'Track your order' });
    assert.equal(await track.getAttribute('href'), `/track?number=${order.number}`);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll',
    );
    await noAxe(page, 'a paid deposit link');
    await page.screenshot({ path: '/tmp/ankara-24-pay-paid-360.png', fullPage: true });
  });

  let admin = (await call(owner, 'GET', `/api/admin/orders/${order.id}`)).body;
  assert.equal(admin.status, 'paid');
  assert.equal(admin.paid, deposit);
  assert.equal(admin.balance, order.totalAmount - deposit);

  // The balance, by a second link.
  const second = await call(owner, 'POST', `/api/admin/orders/${order.id}/pay-links`, {});
  assert.equal(second.status, 201, JSON.stringify(second.body));
  await withShot(page, 'ankara-24-balance', async () => {
    await page.goto(payPath(second.body.payLink));
    await page
      .getByRole('heading', { name: `This link asks for the balance: ${naira(order.totalAmount - deposit)}.` })
      .waitFor();
    assert.ok((await page.locator('.pay-link__card').innerText()).includes(`Already paid: ${naira(deposit)}`));
    await noAxe(page, 'an open balance link');
    await payInSandbox(page, order.totalAmount - deposit);
    assert.ok((await page.locator('.pay-link__card').innerText()).includes('paid in full'));
  });
  admin = (await call(owner, 'GET', `/api/admin/orders/${order.id}`)).body;
  assert.equal(admin.paid, order.totalAmount);
  assert.equal(admin.balance, 0);

  // The first link, opened again, says it is paid and cannot be paid twice.
  await page.goto(`${shop.base}/pay/${admin.payLinks[0].token}`);
  await page.getByRole('heading', { name: 'This link has been paid. Thank you!' }).waitFor();
  assert.equal(await page.getByRole('button', { name: /^Pay ₦/ }).count(), 0);
  assert.deepEqual(page.errors, []);
});

test('issue 34: a pay link paid by transfer for a customer without an e-mail promises no e-mail and shows itself paid when the money arrives', async () => {
  const made = await chatOrder();
  const page = await pageAt(SMALL_PHONE);
  await withShot(page, 'chats-pay-transfer', async () => {
    await page.goto(payPath(made.payLink));
    await page.getByRole('button', { name: /^Pay ₦/ }).click();
    const popup = page.getByRole('dialog', { name: 'Test payment' });
    await popup.getByRole('radio', { name: 'Bank transfer' }).check();
    await popup.getByRole('button', { name: "I've sent the money" }).click();
    await page
      .getByText("We're waiting for your transfer. The shop will confirm your order when it arrives.")
      .waitFor();
    assert.equal(await page.getByText(/e-mail you/).count(), 0, 'no e-mail promised without one');
    await noAxe(page, 'the pay link waiting for a transfer');
    // The webhook (2 s): the same page, no reload, shows the link paid and offers no second payment.
    await page.getByRole('heading', { name: 'This link has been paid. Thank you!' }).waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: /^Pay ₦/ }).count(), 0);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

test('a cancelled link says so and offers the shop on WhatsApp', async () => {
  const { order, payLink } = await chatOrder();
  const cancelled = await call(owner, 'DELETE', `/api/admin/orders/${order.id}/pay-links`);
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  const page = await pageAt(SMALL_PHONE);
  await withShot(page, 'ankara-24-ended', async () => {
    await page.goto(payPath(payLink));
    await page
      .getByRole('heading', { name: 'This pay link was cancelled. Please ask the shop for a new one.' })
      .waitFor();
    assert.equal(await page.getByRole('button', { name: /^Pay ₦/ }).count(), 0, 'nothing to pay');
    const contact = page.getByRole('link', { name: 'Message the shop on WhatsApp' });
    const href = new URL(await contact.getAttribute('href'));
    assert.equal(href.origin + href.pathname, WA);
    assert.ok(href.searchParams.get('text').includes(order.number));
    await noAxe(page, 'a cancelled link');
    await page.screenshot({ path: '/tmp/ankara-24-pay-ended-360.png', fullPage: true });
    // Paying it anyway (a second tab) is refused: the page keeps saying it has ended.
    const again = await call(page, 'POST', `/api/pay/${new URL(payLink).pathname.split('/').pop()}`);
    assert.equal(again.status, 409);
    assert.equal(again.body.error, 'link_ended');
  });

  // An unknown token.
  await page.goto(`${shop.base}/pay/not-a-real-token-at-all-000000000`);
  await page.getByRole('heading', { name: 'Pay link not found' }).waitFor();
  await noAxe(page, 'an unknown link');
});

test('the packing slip shows the SKU, the customer and their note, no prices, at A4 and at 80 mm', async () => {
  const { order } = await chatOrder();
  await withShot(owner, 'ankara-24-slip', async () => {
    await owner.goto(`${shop.base}/admin/orders/${order.id}`);
    await owner.getByRole('link', { name: 'Packing slip' }).click();
    const slip = owner.getByRole('article', { name: `Packing slip for Order #${order.number}` });
    await slip.waitFor();
    const text = await slip.innerText();
    // The phone as the shop keeps it (E.164), whatever way the owner typed it.
    for (const want of [SKU, NOTE, 'Amaka Eze', '+2348031234567', '3 Allen Avenue', product.name]) {
      assert.ok(text.includes(want), `the slip shows ${want}`);
    }
    assert.ok(!text.includes('₦'), 'no prices on the packing slip');
    await noAxe(owner, 'the packing slip');

    // As printed: the document alone, A4 (794 px at 96 dpi), then the 80 mm roll (302 px).
    await owner.emulateMedia({ media: 'print' });
    assert.equal(
      await owner.evaluate(() => getComputedStyle(document.querySelector('.print-toolbar')).visibility),
      'hidden',
      'the toolbar does not print',
    );
    await owner.setViewportSize({ width: 794, height: 1123 });
    await owner.screenshot({ path: '/tmp/ankara-24-packing-slip-a4.png', fullPage: true });
    await owner.emulateMedia({ media: 'screen' });
    await owner.getByRole('link', { name: '80 mm receipt' }).click();
    await owner.locator('.print-doc--80mm').waitFor();
    await owner.emulateMedia({ media: 'print' });
    await owner.setViewportSize({ width: 302, height: 900 });
    // The slip's own content fits its width (the page's hidden header may be wider; it never prints).
    const fit = await owner.evaluate(() => {
      const doc = document.querySelector('.print-doc');
      return { scroll: doc.scrollWidth, client: doc.clientWidth, box: doc.getBoundingClientRect().width };
    });
    assert.ok(fit.scroll <= fit.client && fit.box <= 303, `the slip fits 80 mm (${JSON.stringify(fit)})`);
    await owner.screenshot({ path: '/tmp/ankara-24-packing-slip-80mm.png', fullPage: true });
    await owner.emulateMedia({ media: 'screen' });
    await owner.setViewportSize(DESKTOP);

    // The pick list for it, from the orders list's link.
    await owner.goto(`${shop.base}/admin/pick-list?orders=${order.id}`);
    const list = owner.getByRole('article', { name: 'Pick list' });
    await list.waitFor();
    const listed = await list.innerText();
    assert.ok(listed.includes(SKU) && listed.includes(`#${order.number}`) && listed.includes(NOTE), listed);
    await owner.goto(`${shop.base}/admin/orders/${order.id}/receipt`);
    const receipt = await owner.getByRole('article', { name: `Receipt for Order #${order.number}` }).innerText();
    assert.ok(receipt.includes(naira(order.totalAmount)), 'the receipt has the total');
    await owner.goto(`${shop.base}/admin/orders/${order.id}/receipt?paper=80mm`);
    await owner.locator('.print-doc--80mm').waitFor();
    await owner.emulateMedia({ media: 'print' });
    await owner.setViewportSize({ width: 302, height: 900 });
    await owner.screenshot({ path: '/tmp/ankara-24-receipt-80mm.png', fullPage: true });
    await owner.emulateMedia({ media: 'screen' });
    await owner.setViewportSize(DESKTOP);
  });
});

test('a product page on a 360 px phone: Ask on WhatsApp names the product and its address; Share', async () => {
  const page = await pageAt(SMALL_PHONE);
  await withShot(page, 'ankara-24-product', async () => {
    await page.goto(`${shop.base}/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const ask = page.getByRole('link', { name: 'Ask on WhatsApp' });
    const href = new URL(await ask.getAttribute('href'));
    assert.equal(href.origin + href.pathname, WA);
    const text = href.searchParams.get('text');
    assert.ok(text.includes(product.name) && text.includes(`${shop.base}/product/${product.id}`), text);
    await page.getByRole('button', { name: 'Share' }).waitFor();
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll',
    );
    await noAxe(page, 'the product page with its WhatsApp and Share buttons');
    await ask.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/ankara-24-product-360.png' });
  });
});
