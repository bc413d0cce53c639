// A guest's checkout details and pay on delivery in a real browser against the real binary
// (and the shopper's small things), through the built-in Paystack sandbox:
//  - a guest's checkout with no postal code (optional in Nigeria) and a nearest landmark and note,
//    carried to the admin order, the packing slip and the mails; the collection page asks no
//    visitor to log in while guest checkout is on;
//  - a pay-on-delivery order from a new customer: the placed box says the shop will call; its mails
//    and screens never call it paid (mails, tracking, the admin's Payment card, no Refund panel);
//    the shop confirms it by phone, ships and delivers it, and the money is still collected after
//    "Delivered" (the panel keeps "₦X to collect" and the form; the status card says so);
//  - a guest who taps "Track your order" comes back to My Bag and still finds "Keep your details".
// Every state checked passes axe. Screenshots (ANKARA_E2E_SHOTS=1) go to /tmp/ankara-34-*.png.
//   ANKARA_BIN=target/release/ankara node --test frontend/e2e/guest-checkout-details.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiAs,
  axePage,
  axeViolations,
  DESKTOP,
  featuredProducts,
  MOBILE,
  openBrowser,
  signInAsAdmin,
  SMALL_PHONE,
  startShop,
  withShot,
} from './harness.mjs';

const TIMEOUT = 15_000;
const LANDMARK = 'Opposite Shoprite, by the blue gate';
const NOTE = 'Call before you come';

let shop;
let browser;
let adminPage;
/** The cheapest featured product: under every free-delivery threshold and pay-on-delivery limit. */
let item;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  const { featured } = await featuredProducts(shop.base);
  item = [...featured].sort((a, b) => a.price - b.price)[0];
  adminPage = await pageAt(DESKTOP);
  await signInAsAdmin(adminPage, shop);
  // Guests may buy; Lagos takes pay on delivery.
  assert.equal((await apiAs(adminPage, 'PATCH', '/api/admin/settings', { guestCheckout: true })).status, 200);
  const zones = (await apiAs(adminPage, 'GET', '/api/delivery')).body;
  const lagos = zones.zones.find((z) => z.states.includes('Lagos'));
  const body = {
    zones: zones.zones.map((z) => ({
      name: z.name,
      fee: String(z.fee / 100),
      estimate: z.estimate,
      freeOver: z.freeOver === null ? '' : String(z.freeOver / 100),
      states: z.states,
      payOnDelivery: { enabled: z === lagos, maxTotal: '500000' },
    })),
    pickup: { enabled: false },
  };
  const saved = await apiAs(adminPage, 'PUT', '/api/admin/delivery', body);
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** A page in its own browser context (cookies of its own), axe allowed in. */
const pageAt = (viewport = SMALL_PHONE) => axePage(browser, viewport, TIMEOUT);

/** Saves what `target` shows at 360×740, 412×823 and 1366×768 when ANKARA_E2E_SHOTS is set. */
async function shots(page, target, name) {
  if (!process.env.ANKARA_E2E_SHOTS) return;
  const size = page.viewportSize();
  for (const [label, viewport] of [
    ['360', SMALL_PHONE],
    ['412', MOBILE],
    ['1366', DESKTOP],
  ]) {
    await page.setViewportSize(viewport);
    await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `/tmp/ankara-34-${name}-${label}.png` });
  }
  await page.setViewportSize(size);
}

async function noAxe(page, what) {
  assert.deepEqual(await axeViolations(page), [], `${what} passes axe`);
}

async function addToBag(page) {
  await page.goto(`${shop.base}/product/${item.id}`);
  await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
  if (item.sizes.length > 1) await page.getByRole('radio', { name: item.sizes[0], exact: true }).check({ force: true });
  if (item.colors.length > 1)
    await page.getByRole('radio', { name: item.colors[0], exact: true }).check({ force: true });
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await page.getByText('Item added to your bag successfully!').waitFor();
}

/** A guest's checkout from My Bag: no postal code, a landmark and a note. Answers the total shown. */
async function guestCheckout(page, { name, email, phone, shot }) {
  await page.goto(`${shop.base}/mybag`);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const form = page.getByRole('form', { name: 'Checkout details' });
  await form.waitFor();
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone number').fill(phone);
  await form.getByLabel('Street address').fill('14 Adeola Odeku Street');
  await form.getByLabel('City').fill('Victoria Island');
  await form.getByLabel('State', { exact: true }).selectOption('Lagos');
  // Optional in Nigeria: said so, and left empty.
  await form.getByText('Postal code (optional)').waitFor();
  await form.getByLabel(/^Nearest landmark/).fill(LANDMARK);
  await form.getByLabel(/^Delivery note/).fill(NOTE);
  if (shot) {
    await noAxe(page, 'the details form with the landmark');
    await shots(page, form.getByLabel(/^Nearest landmark/), shot);
  }
  await form.getByRole('button', { name: 'Proceed to Payment' }).click();
  const total = page.getByRole('region', { name: 'Summary' }).locator('.breakdown__total dd');
  await total.waitFor();
  // The review repeats the landmark and the note.
  await page.getByText(`Landmark: ${LANDMARK}`).waitFor();
  await page.locator('.checkout__review').getByText(NOTE).waitFor();
  return total.innerText();
}

const numberOf = (text) => /Order #([A-Z0-9]{8})/.exec(text)?.[1] ?? null;

/** The newest mail to `to` whose text includes `containing` (waits for the mail worker). */
async function mailTo(to, containing) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = shop
      .outbox()
      .filter((m) => m.text.includes(`To: ${to}`) && m.text.includes(containing))
      .at(-1);
    if (mail) return mail.text;
    if (Date.now() > deadline) assert.fail(`no mail to ${to} with "${containing}"`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('issue 34, small phone: a guest pays on delivery with no postal code and a landmark; nothing is called paid; the money is collected after delivery', async () => {
  const page = await pageAt();
  const email = `pod-guest-${Date.now()}@example.com`;
  let number;
  let total;
  await withShot(page, 'pod-guest', async () => {
    // ---- A visitor may buy as a guest: the collection page does not ask her to log in.
    await page.goto(`${shop.base}/collections/${item.collectionId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.product-card').first().waitFor();
    assert.equal(await page.getByRole('link', { name: 'Log In to Shop' }).count(), 0);

    await addToBag(page);
    total = await guestCheckout(page, { name: 'Ngozi Guest', email, phone: '0803 123 4567', shot: 'landmark' });
    await page
      .getByRole('group', { name: 'How to pay' })
      .getByRole('radio', { name: /^Pay on delivery/ })
      .check();
    await page.getByRole('button', { name: `Place order, pay ${total} on delivery` }).click();
    await page.getByText(`Order placed! Pay ${total} when it arrives.`).waitFor();
    const notice = page.locator('.checkout-notice');
    number = numberOf(await notice.innerText());
    assert.ok(number);
    // A new customer's order waits for the shop's call.
    await notice.getByText(/^We'll call you to confirm this order before we prepare it\./).waitFor();
    await noAxe(page, 'the placed notice waiting for confirmation');
    await shots(page, notice, 'placed');

    // ---- Tracking: the steps start at Placed, nothing is called paid, the money is to pay on arrival.
    await notice.getByRole('link', { name: 'Track your order' }).click();
    await page.waitForURL(/\/track\?number=/);
    // She may still keep her details (the offer is not lost by leaving My Bag).
    await page.getByRole('link', { name: 'Keep your details for next time' }).waitFor();
    await page.getByLabel('E-mail or phone number').fill(email);
    await page.getByRole('button', { name: 'Track Order' }).click();
    const result = page.getByRole('region', { name: `Order #${number}` });
    await result.getByText(`Pay on delivery — ${total} to pay when it arrives`).waitFor();
    const steps = await result.getByRole('list', { name: 'Progress' }).innerText();
    assert.match(steps, /^Placed/);
    assert.doesNotMatch(steps, /Paid/);
    await result.getByText(/^We'll call you to confirm this order/).waitFor();
    await noAxe(page, 'the tracked pay-on-delivery order');
    await shots(page, result, 'tracked');
    await page.goBack();
    await page.waitForURL(`${shop.base}/mybag`);
    await page.getByText(`Order placed! Pay ${total} when it arrives.`).waitFor();
    await page.getByRole('button', { name: 'Keep your details for next time' }).waitFor();
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();

  // ---- The mails say what was received: nothing yet.
  const confirmation = await mailTo(email, `order #${number}`);
  assert.ok(!confirmation.includes('received your payment'), confirmation);
  assert.ok(confirmation.includes(`Nothing has been paid yet: you pay ${total} when it arrives`), confirmation);
  assert.ok(confirmation.includes(`Landmark: ${LANDMARK}`) && confirmation.includes(`Note: ${NOTE}`), confirmation);
  const notice = await mailTo('shop@ankara.local', `New order #${number}`);
  assert.ok(!notice.includes('paid order'), notice);
  assert.ok(notice.includes('nothing paid yet'), notice);

  await withShot(adminPage, 'pod-admin', async () => {
    await adminPage.goto(`${shop.base}/admin/orders`);
    await adminPage.getByRole('link', { name: `Order #${number}` }).click();
    await adminPage.getByRole('heading', { level: 1, name: `Order #${number}` }).waitFor();
    // The landmark with the address; nothing paid; no Refund panel for money that never came.
    await adminPage.getByRole('region', { name: 'Delivery address' }).getByText(`Landmark: ${LANDMARK}`).waitFor();
    const payment = adminPage.getByRole('region', { name: 'Payment' });
    assert.match(await payment.innerText(), /Amount paid\s*₦0\.00/i);
    assert.equal(await adminPage.getByRole('region', { name: 'Refunds' }).count(), 0);

    // ---- Awaiting confirmation: not prepared until the shop has called.
    const waiting = adminPage.getByRole('region', { name: 'Awaiting confirmation' });
    await waiting.waitFor();
    await noAxe(adminPage, 'the order awaiting confirmation');
    await shots(adminPage, waiting, 'admin-awaiting');
    await adminPage.getByRole('button', { name: 'Mark as processing' }).click();
    await adminPage
      .getByText(/waiting for the customer's confirmation/)
      .first()
      .waitFor();
    await waiting.getByRole('button', { name: 'Confirmed by phone' }).click();
    await adminPage.getByText('Order confirmed: it can be prepared now.').waitFor();
    await adminPage.getByRole('region', { name: 'Order confirmed' }).waitFor();

    // ---- Processing, shipped, delivered: the money is still to collect, with the form.
    await adminPage.getByRole('button', { name: 'Mark as processing' }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Order marked as processing.' }).waitFor();
    await adminPage.getByLabel('Tracking number').fill('GIG-3434-LOS');
    await adminPage.getByRole('button', { name: 'Mark as shipped' }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Order marked as shipped.' }).waitFor();
    await adminPage.getByRole('button', { name: 'Mark as delivered' }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Order marked as delivered.' }).waitFor();
    const panel = adminPage.getByRole('region', { name: `Pay on delivery — ${total} to collect` });
    await panel.waitFor();
    await adminPage.getByText(/is delivered, but its money is still to collect/).waitFor();
    assert.equal(await adminPage.getByText('there is nothing more to do').count(), 0);
    await noAxe(adminPage, 'a delivered order with money to collect');
    await shots(adminPage, panel, 'admin-delivered-to-collect');
    await panel.getByLabel('Paid by').selectOption('pos');
    await panel.getByRole('button', { name: 'Record payment' }).click();
    const collected = adminPage.getByRole('region', { name: 'Pay on delivery — collected' });
    await collected.getByText(new RegExp(`^Collected ${total.replace(/[.]/g, '\\.')} by POS on `)).waitFor();
    assert.match(await payment.innerText(), new RegExp(`Amount paid\\s*${total.replace(/[.]/g, '\\.')}`, 'i'));
    await adminPage.getByText('This order is delivered: there is nothing more to do.').waitFor();

    // ---- The packing slip carries the landmark and the note.
    await adminPage.goto(`${shop.base}/admin/orders/${await orderId(number)}/packing-slip`);
    await adminPage.getByText(`Landmark: ${LANDMARK}`).first().waitFor();
    await adminPage.getByText(NOTE).first().waitFor();
    assert.deepEqual(adminPage.errors, []);
  });
});

/** An order's id, from the admin's list of orders. */
async function orderId(number) {
  const page = await apiAs(adminPage, 'GET', '/api/admin/orders');
  return page.body.orders.find((o) => o.number === number).id;
}

test('issue 34, desktop: the Settings screen chooses the postal code rule and how new customers confirm', async () => {
  await withShot(adminPage, 'settings-34', async () => {
    await adminPage.goto(`${shop.base}/admin/settings`);
    const postal = adminPage.getByLabel('Postal code at checkout');
    assert.equal(await postal.inputValue(), 'optional_in_nigeria');
    const confirm = adminPage.getByLabel('How new customers confirm');
    assert.equal(await confirm.inputValue(), 'phone');
    await confirm.selectOption('email');
    await adminPage.getByLabel('Time to confirm (hours)').fill('12');
    await noAxe(adminPage, 'the settings with the new choices');
    await shots(adminPage, confirm, 'settings');
    await adminPage.getByRole('button', { name: 'Save', exact: true }).click();
    await adminPage.getByText('Settings saved.').waitFor();
    const saved = (await apiAs(adminPage, 'GET', '/api/admin/settings')).body;
    assert.equal(saved.podConfirmation, 'email');
    assert.equal(saved.podConfirmHours, 12);
  });

  // ---- Now a new customer confirms with the code e-mailed to her, where she placed the order.
  const page = await pageAt();
  const email = `code-${Date.now()}@example.com`;
  await withShot(page, 'pod-code', async () => {
    await addToBag(page);
    const total = await guestCheckout(page, { name: 'Tunde Code', email, phone: '0805 765 4321' });
    await page
      .getByRole('group', { name: 'How to pay' })
      .getByRole('radio', { name: /^Pay on delivery/ })
      .check();
    await page.getByRole('button', { name: `Place order, pay ${total} on delivery` }).click();
    const number = numberOf(await page.locator('.checkout-notice').innerText());
    const form = page.getByRole('form', { name: `Confirm order #${number}` });
    await form.waitFor();
    await form.getByLabel(/^Confirmation code/).fill('000000');
    const mail = await mailTo(email, `confirm order #${number} with code`);
    const code = /is:\s+(\d{6})/.exec(mail)[1];
    if (code !== '000000') {
      await form.getByRole('button', { name: 'Confirm order' }).click();
      await form.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    }
    await form.getByLabel(/^Confirmation code/).fill(code);
    await noAxe(page, 'the confirmation code form');
    await shots(page, form, 'code-form');
    await form.getByRole('button', { name: 'Confirm order' }).click();
    await page.getByText(`Order #${number} is confirmed. We'll prepare it now.`).waitFor();
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
  await apiAs(adminPage, 'PATCH', '/api/admin/settings', { podConfirmation: 'phone' });
});
