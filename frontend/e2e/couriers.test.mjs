// Issue 36 §2 at 360×740, in a real browser against the real binary with the built-in sandbox
// courier (Shipbubble's API shape): a paid order to Kano is booked from the order screen with one
// click, its label prints, the sandbox courier moves the parcel (picked up, in transit, out for
// delivery, delivered) and each signed webhook moves the order; the customer's tracking page,
// found by number and phone, shows each step, and the SMS sandbox holds a message for each.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiAs,
  axePage,
  axeViolations,
  buyWithTestCard,
  featuredProducts,
  openBrowser,
  signInAsAdmin,
  SMALL_PHONE,
  startShop,
  withShot,
} from './harness.mjs';

const TIMEOUT = 20_000;
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

async function noAxe(page, what) {
  assert.deepEqual(await axeViolations(page), [], `${what} passes axe`);
}

/** The SMS sandbox's messages to `phone`, oldest first. */
function texts(phone) {
  const dir = join(shop.dataDir, 'outbox-sms');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
    .filter((m) => m.to === phone)
    .map((m) => m.text);
}

test('an order to Kano is booked with the sandbox courier, its label prints, and webhooks move it to delivered', async () => {
  // ---- The owner: guest checkout, the shop's address (the courier collects there), SMS updates.
  const owner = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await owner.goto(`${shop.base}/about`);
  await signInAsAdmin(owner, shop);
  assert.equal((await apiAs(owner, 'PATCH', '/api/admin/settings', { guestCheckout: true })).status, 200);
  const brand = await apiAs(owner, 'GET', '/api/admin/brand');
  const identity = { ...brand.body.draft };
  delete identity.logo;
  const saved = await apiAs(owner, 'PUT', '/api/admin/brand', {
    ...identity,
    address: '12 Admiralty Way, Lekki, Lagos',
    phone: '0803 555 0199',
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal((await apiAs(owner, 'POST', '/api/admin/brand/publish')).status, 200);
  const updates = await apiAs(owner, 'GET', '/api/admin/messages');
  const events = updates.body.events.map((e) =>
    ['courier_update', 'out_for_delivery', 'delivered'].includes(e.event) ? { ...e, sms: true } : e,
  );
  const turned = await apiAs(owner, 'PUT', '/api/admin/messages', { events, dailyCap: updates.body.dailyCap });
  assert.equal(turned.status, 200, JSON.stringify(turned.body));

  // ---- Aisha, a guest in Kano, pays with the sandbox's card.
  const { featured } = await featuredProducts(shop.base);
  const product = featured.find((p) => p.variants.some((v) => v.available > 0));
  const customer = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await customer.goto(`${shop.base}/about`);
  const order = await buyWithTestCard(
    customer,
    product,
    { name: 'Aisha Bello', email: 'aisha@example.com', phone: '0803 555 0177' },
    { street: '4 Zoo Road', city: 'Kano', state: 'Kano', country: 'Nigeria', postalCode: '' },
  );

  // ---- One click on the order screen books the cheapest courier.
  let tracking;
  await withShot(owner, 'couriers-booked', async () => {
    await owner.goto(`${shop.base}/admin/orders/${order.id}`);
    const card = owner.getByRole('region', { name: 'Courier' });
    await card.getByRole('button', { name: 'Book with a courier' }).click();
    const booked = card.getByText(/^Booked with GIG Logistics \(sandbox\): tracking number SBX\d{9}\.$/);
    await booked.waitFor();
    tracking = (await booked.textContent()).match(/SBX\d{9}/)[0];
    await card.getByText('Costs ₦4,500.00').waitFor();
    await card.getByRole('list', { name: 'What the courier told' }).getByText('Booked').waitFor();
    await noAxe(owner, 'the order screen with its courier');
  });

  // ---- Its label prints: the courier and tracking number, to Aisha in Kano, from the shop.
  await withShot(owner, 'couriers-label', async () => {
    await owner.getByRole('link', { name: 'Print the label' }).click();
    await owner.waitForURL(`${shop.base}/admin/orders/${order.id}/label`);
    const label = owner.getByRole('article', { name: `Label for Order #${order.number}` });
    await label.getByText(tracking).waitFor();
    await label.getByText('Aisha Bello').waitFor();
    await label.getByText('Kano, Kano').waitFor();
    await label.getByText('12 Admiralty Way, Lekki, Lagos').waitFor();
    await noAxe(owner, 'the shipping label');
    await owner.getByRole('link', { name: 'Back to the order' }).click();
  });

  // ---- The sandbox courier moves the parcel; each signed webhook moves the order.
  await withShot(owner, 'couriers-moved', async () => {
    const card = owner.getByRole('region', { name: 'Courier' });
    const steps = card.getByRole('list', { name: 'What the courier told' });
    const courier = card.getByRole('group', { name: 'Test courier' });
    for (const [button, step] of [
      ['Picked up', 'Picked up'],
      ['In transit', 'In transit'],
      ['Out for delivery', 'Out for delivery'],
    ]) {
      await courier.getByRole('button', { name: button }).click();
      await card.getByText(`The test courier says: ${button}.`).waitFor();
      await steps.getByText(step, { exact: true }).waitFor();
    }
    await owner.getByText(tracking).first().waitFor();
    await noAxe(owner, 'the order screen with the courier’s steps');
    await courier.getByRole('button', { name: 'Delivered' }).click();
    await steps.getByText('Delivered', { exact: true }).waitFor();
  });

  // ---- Aisha follows it by number and phone: with the courier, each step, delivered.
  await withShot(customer, 'couriers-track', async () => {
    await customer.goto(`${shop.base}/track`);
    await customer.getByLabel('Order number').fill(order.number);
    await customer.getByLabel('E-mail or phone number').fill('0803 555 0177');
    await customer.getByRole('button', { name: 'Track Order' }).click();
    await customer.getByRole('heading', { name: 'With GIG Logistics (sandbox)' }).waitFor();
    const told = customer.getByRole('list', { name: 'What the courier told us' });
    for (const step of [
      'Booked with the courier',
      'Picked up by the courier',
      'In transit',
      'Out for delivery',
      'Delivered',
    ]) {
      await told.getByText(step, { exact: true }).waitFor();
    }
    const history = customer.getByRole('list', { name: 'What happened to your order' });
    await history.getByText('Delivered', { exact: true }).waitFor();
    await noAxe(customer, 'the tracking page with the courier');
  });

  // ---- The SMS sandbox holds a message for each step, each once.
  let sent = [];
  for (let i = 0; i < 100; i += 1) {
    sent = texts('+2348035550177');
    if (sent.some((t) => t.includes('has been delivered'))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const step of ['has been picked up by the courier', 'is in transit', 'is on its way', 'has been delivered']) {
    assert.equal(sent.filter((t) => t.includes(step)).length, 1, `${step}: ${JSON.stringify(sent)}`);
  }

  for (const page of [owner, customer]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
