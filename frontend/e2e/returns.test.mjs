// Issue 35 at 360×740, in a real browser against the real binary: a shopper's delivered shoes
// (one size) go back for the next size up, asked from My Orders with a photo; the owner approves
// on the Returns screen (the new size is held at once), marks the pair received and back on sale,
// and the exchange's new order appears for her and in the back office, with both sizes' stock
// right. A guest finds the same form on the tracking page by her order number and phone. A return
// for store credit is then spent on a new order whose rest Paystack pays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiAs,
  axePage,
  axeViolations,
  buyWithTestCard,
  demoImage,
  featuredProducts,
  naira,
  shopAndBrowserForThisFile,
  signInAsAdmin,
  signUp,
  SMALL_PHONE,
  withShot,
} from './harness.mjs';

const TIMEOUT = 20_000;
const { shop, browser } = shopAndBrowserForThisFile();

const productNow = (id) => fetch(`${shop.base}/api/products/${id}`).then((r) => r.json());

/** A product of the demo with two sizes of one colour in stock. */
async function twoSizes() {
  const { featured } = await featuredProducts(shop.base);
  for (const summary of featured) {
    const product = await productNow(summary.id);
    for (const a of product.variants) {
      const b = product.variants.find((v) => v.color === a.color && v.size !== a.size && v.available > 1);
      if (a.available > 1 && b) return { product, from: a, to: b };
    }
  }
  throw new Error('the demo catalogue has no product with two sizes of one colour in stock');
}

const stockOf = async (product, variant) =>
  (await productNow(product.id)).variants.find((v) => v.size === variant.size && v.color === variant.color).available;

async function deliver(owner, orderId) {
  for (const step of [{ status: 'processing' }, { status: 'shipped', shippedBy: 'rider' }, { status: 'delivered' }]) {
    const res = await apiAs(owner, 'PATCH', `/api/admin/orders/${orderId}`, step);
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
}

test('a shopper exchanges her size for the next one up with a photo; the owner approves and receives it', async () => {
  const owner = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await owner.goto(`${shop.base}/about`);
  await signInAsAdmin(owner, shop);
  const { product, from, to } = await twoSizes();

  const ada = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await signUp(ada, shop.base, { name: 'Ada Obi', email: 'ada.returns@example.com' });
  const order = await buyWithTestCard(
    ada,
    product,
    { name: 'Ada Obi', email: 'ada.returns@example.com', phone: '0803 555 0101' },
    { street: '4 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria', postalCode: '' },
    from,
  );
  await deliver(owner, order.id);
  const [fromBefore, toBefore] = [await stockOf(product, from), await stockOf(product, to)];

  await withShot(ada, 'return-ask', async () => {
    await ada.goto(`${shop.base}/myorders`);
    await ada.getByRole('link', { name: 'Return or exchange' }).click();
    await ada.waitForURL(/\/returns\?order=/);
    const form = ada.getByRole('form', { name: 'Return or exchange' });
    await form.getByRole('checkbox').first().check();
    await form.getByRole('radio', { name: 'Another size or colour' }).check();
    const wanted = [to.size, to.color].filter(Boolean).join(', ');
    await form.getByLabel('Instead, I want').selectOption({ label: wanted });
    await form.getByLabel('Reason').selectOption('too_small');
    await form.getByLabel(/Photos/).setInputFiles(demoImage());
    assert.deepEqual(await axeViolations(ada), [], 'the return form passes axe');
    await form.getByRole('button', { name: 'Send my request' }).click();
    await ada.getByText('Your request is sent. We will reply by e-mail.').waitFor();
    await ada.getByText('Waiting for the shop').waitFor();
    // The line is in an open request: the form offers nothing more for it.
    await ada.getByText('Every item of this order is already in a return request.').waitFor();
  });

  await withShot(owner, 'return-decide', async () => {
    await owner.goto(`${shop.base}/admin/returns`);
    const card = owner.getByRole('listitem').filter({ hasText: `Order #${order.number}` });
    await card.getByText('Another size or colour').waitFor();
    // The photo is served to the staff (decoded, not a broken image).
    const photo = card.getByRole('img', { name: /Photo 1 of the return/ });
    await photo.waitFor();
    await owner.waitForFunction((img) => img.complete && img.naturalWidth > 0, await photo.elementHandle());
    assert.deepEqual(await axeViolations(owner), [], 'the Returns screen passes axe');
    await card.getByRole('button', { name: 'Approve' }).click();
    await owner.getByText('No return requests here.').waitFor();
  });
  assert.equal(await stockOf(product, to), toBefore - 1, 'the new size is held for her at approval');

  await withShot(owner, 'return-receive', async () => {
    await owner.goto(`${shop.base}/admin/returns?status=approved`);
    const card = owner.getByRole('listitem').filter({ hasText: `Order #${order.number}` });
    await card.getByLabel('Condition').selectOption('restock');
    await card.getByRole('button', { name: 'Mark received' }).click();
    await owner.getByText('No return requests here.').waitFor();
    await owner.goto(`${shop.base}/admin/returns?status=received`);
    await owner
      .getByRole('listitem')
      .filter({ hasText: `Order #${order.number}` })
      .getByText(/Exchange sent as/)
      .waitFor();
  });
  assert.equal(await stockOf(product, from), fromBefore + 1, 'the returned size is back on sale');
  assert.equal(await stockOf(product, to), toBefore - 1, 'the new size was sold to the exchange, once');

  // The exchange is a new order for her, at no charge, and one in the back office.
  const mine = await apiAs(ada, 'GET', '/api/orders');
  const exchange = mine.body.orders.find((o) => o.id !== order.id);
  assert.equal(exchange.totalAmount, 0);
  assert.equal(exchange.items[0].size, to.size);
  await withShot(ada, 'return-after', async () => {
    await ada.goto(`${shop.base}/myorders`);
    await ada.getByRole('heading', { name: new RegExp(exchange.number) }).waitFor();
  });
  const listed = await apiAs(owner, 'GET', `/api/admin/orders?q=${exchange.number}`);
  assert.equal(listed.status, 200);
  assert.ok(JSON.stringify(listed.body).includes(exchange.number), 'the exchange is in the orders list');
});

test('a guest finds the return form on the tracking page by her order number and phone', async () => {
  const owner = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await owner.goto(`${shop.base}/about`);
  await signInAsAdmin(owner, shop);
  assert.equal((await apiAs(owner, 'PATCH', '/api/admin/settings', { guestCheckout: true })).status, 200);
  const { product, from } = await twoSizes();
  const guest = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await guest.goto(`${shop.base}/about`);
  const order = await buyWithTestCard(
    guest,
    product,
    { name: 'Bisi Ade', email: 'bisi.returns@example.com', phone: '0805 222 3344' },
    { street: '2 Broad Street', city: 'Lagos Island', state: 'Lagos', country: 'Nigeria', postalCode: '' },
    from,
  );
  await deliver(owner, order.id);
  const other = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await withShot(other, 'return-track', async () => {
    await other.goto(`${shop.base}/track`);
    await other.getByLabel('Order number').fill(order.number);
    await other.getByLabel('E-mail or phone number').fill('08052223344');
    await other.getByRole('button', { name: 'Track Order' }).click();
    await other.getByRole('button', { name: 'Return or exchange' }).click();
    const form = other.getByRole('form', { name: 'Return or exchange' });
    await form.getByRole('checkbox').first().check();
    await form.getByRole('radio', { name: 'Store credit' }).check();
    await form.getByLabel('Reason').selectOption('changed_mind');
    await form.getByRole('button', { name: 'Send my request' }).click();
    await other.getByText('Waiting for the shop').waitFor();
    assert.deepEqual(await axeViolations(other), [], 'the tracking page with its returns passes axe');
  });
});

test('a return for store credit, then the credit spent on a new order whose rest Paystack pays', async () => {
  const owner = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await owner.goto(`${shop.base}/about`);
  await signInAsAdmin(owner, shop);
  const { product, from } = await twoSizes();
  const email = `credit-${Date.now()}@example.com`;
  const ada = await axePage(browser, SMALL_PHONE, TIMEOUT);
  await signUp(ada, shop.base, { name: 'Ada Credit', email });
  const order = await buyWithTestCard(
    ada,
    product,
    { name: 'Ada Credit', email, phone: '0803 555 0199' },
    { street: '4 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria', postalCode: '' },
    from,
  );
  await deliver(owner, order.id);

  // ---- She asks for store credit; the owner approves and receives the parcel.
  await withShot(ada, 'return-credit-ask', async () => {
    await ada.goto(`${shop.base}/returns?order=${encodeURIComponent(order.id)}`);
    const form = ada.getByRole('form', { name: 'Return or exchange' });
    await form.getByRole('checkbox').first().check();
    await form.getByRole('radio', { name: 'Store credit' }).check();
    await form.getByLabel('Reason').selectOption('too_big');
    await form.getByRole('button', { name: 'Send my request' }).click();
    await ada.getByText('Waiting for the shop').waitFor();
  });
  const listed = await apiAs(owner, 'GET', '/api/admin/returns?status=requested');
  const request = listed.body.returns.find((r) => r.orderId === order.id);
  assert.equal(request.value, order.items[0].price, 'the credit is what the item was paid');
  for (const [step, body] of [
    ['approve', { sendBack: 'drop_at_shop' }],
    ['receive', { condition: 'restock' }],
  ]) {
    const res = await apiAs(owner, 'POST', `/api/admin/returns/${request.id}/${step}`, body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }

  // ---- She proves her e-mail (the link mailed to it), and the credit is hers to spend.
  assert.equal((await apiAs(ada, 'POST', '/api/account/credit/proof')).status, 200);
  let token = null;
  for (let i = 0; i < 100 && !token; i++) {
    const mail = shop
      .outbox()
      .filter((m) => m.text.includes(email) && m.text.includes('/confirm-email?token='))
      .at(-1);
    token = mail ? /\/confirm-email\?token=([\w-]+)/.exec(mail.text)[1] : null;
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(token, 'the proof link was mailed');
  assert.equal((await apiAs(ada, 'POST', '/api/account/credit/confirm', { token })).status, 200);
  const credit = await apiAs(ada, 'GET', '/api/account/credit');
  assert.equal(credit.body.balance, request.value);

  // ---- A new order of the same item: the credit pays the item, Paystack the delivery fee.
  const bag = await apiAs(ada, 'POST', '/api/bag', {
    productId: product.id,
    size: from.size,
    color: from.color,
    quantity: 1,
  });
  assert.ok(bag.status < 300, JSON.stringify(bag.body));
  await withShot(ada, 'return-credit-spend', async () => {
    await ada.goto(`${shop.base}/mybag`);
    await ada.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const details = ada.getByRole('form', { name: 'Checkout details' });
    await details.waitFor();
    await details.getByLabel('Phone number').fill('0803 555 0199');
    await details.getByLabel('Street address').fill('4 Allen Avenue');
    await details.getByLabel('City').fill('Ikeja');
    await details.getByLabel('State', { exact: true }).selectOption('Lagos');
    await details.getByRole('button', { name: 'Proceed to Payment' }).click();
    await ada.getByRole('heading', { name: 'Payment' }).waitFor();
    await ada.getByRole('button', { name: 'Use it' }).click();
    await ada.getByText(`Store credit applied: −${naira(request.value)}`).waitFor();
    const rest = Number((await ada.getByTestId('to-pay').innerText()).replace(/[^\d]/g, ''));
    assert.ok(rest > 0, 'Paystack pays the rest');
    await ada.getByRole('button', { name: `Pay ${naira(rest)}` }).click();
    const popup = ada.getByRole('dialog', { name: 'Test payment' });
    await popup.waitFor();
    await popup.getByRole('button', { name: /\(Success\)$/ }).click();
    await ada.getByText(/^Payment successful! Reference: /).waitFor();
  });
  assert.equal((await apiAs(ada, 'GET', '/api/account/credit')).body.balance, 0, 'the credit is spent');
});
