// Issue 36 §3 in a real browser against the real binary without provider keys (the SMS and
// WhatsApp sandboxes): on a 360 px phone the owner turns SMS and WhatsApp on for "Order placed"
// on the Order updates screen, a shopper places an order, and the order's screen lists the SMS
// and the WhatsApp message, sent; the sandboxes' files hold what the customer would read.
//   cd frontend && npm run build && cd .. && cargo build --release
//   ANKARA_BIN=target/release/ankara node --test frontend/e2e/messages.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  axePage,
  axeViolations,
  buyWithTestCard,
  featuredProducts,
  newPage,
  openBrowser,
  signInAsAdmin,
  signUp,
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

/** The sandbox's files for a channel ("sms" or "whatsapp"), oldest first, parsed. */
function sandbox(channel) {
  const dir = join(shop.dataDir, `outbox-${channel}`);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

/** The shopper on `page` buys one of `product` with the sandbox's card; answers the order. */
function buy(page, product) {
  return buyWithTestCard(
    page,
    product,
    { name: 'Ngozi Eze', email: 'ngozi@example.com', phone: '0803 123 4567' },
    { street: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria', postalCode: '' },
  );
}

test('the owner turns SMS and WhatsApp on at 360 px; an order shows its messages, and the sandboxes hold them', async () => {
  const owner = await axePage(browser, SMALL_PHONE);
  await signInAsAdmin(owner, shop);
  await withShot(owner, 'messages-settings', async () => {
    await owner.goto(`${shop.base}/admin/updates`);
    const placed = owner.getByRole('region', { name: 'Order placed' });
    await placed.getByRole('checkbox', { name: 'SMS' }).check();
    await placed.getByRole('checkbox', { name: 'WhatsApp' }).check();
    // A wrong placeholder is refused, naming it.
    const words = placed.getByLabel('SMS words');
    const shipped = await words.inputValue();
    await words.fill('Hello {nme}');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText(/\{nme\} is not a placeholder/).waitFor();
    await words.fill(shipped);
    await placed.getByRole('button', { name: 'Preview' }).click();
    await placed.getByText(/^SMS \(\d+ characters/).waitFor();
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Saved. New order events use these channels and words.').waitFor();
    // Nothing is wider than the phone.
    const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the screen is ${overflow}px wider than the phone`);
    assert.deepEqual(await axeViolations(owner), []);
    assert.deepEqual(owner.errors, []);
  });

  const { choosy } = await featuredProducts(shop.base);
  const shopper = await newPage(browser, SMALL_PHONE);
  await signUp(shopper, shop.base, { name: 'Ngozi Eze', email: 'ngozi@example.com' });
  const order = await buy(shopper, choosy);

  await withShot(owner, 'messages-order', async () => {
    for (let i = 0; i < 100 && (sandbox('sms').length < 1 || sandbox('whatsapp').length < 1); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await owner.goto(`${shop.base}/admin/orders/${order.id}`);
    const list = owner.getByRole('list', { name: 'Order messages' });
    await list.getByText(/^SMS: Order placed · Sent/).waitFor();
    await list.getByText(/^WhatsApp: Order placed · Sent/).waitFor();
    assert.deepEqual(await axeViolations(owner), []);
    assert.deepEqual(owner.errors, []);
  });
  const [sms] = sandbox('sms');
  assert.equal(sms.to, '+2348031234567');
  assert.equal(sms.event, 'placed');
  assert.match(sms.text, new RegExp(`order ${order.number}`));
  assert.equal(sms.request.type, 'plain');
  const [whatsapp] = sandbox('whatsapp');
  assert.equal(whatsapp.request.type, 'template');
  assert.equal(whatsapp.request.template.name, 'order_placed');
  assert.match(whatsapp.text, /^Hello Ngozi/);
});
