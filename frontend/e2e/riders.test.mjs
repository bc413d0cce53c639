// Issue 36 §1 and §4 at 360×740, in a real browser against the real binary: the dispatcher gives
// two pay-on-delivery orders to the shop's rider from the order screen; the rider opens his round
// on his phone, leaves with an order (the customer is mailed a code), a wrong code is refused, the
// right one delivers and records the cash; the shop's Riders screen shows his cash in hand and
// counts it in; the customer's tracking page, found by number and phone, shows each step. Then a
// rider without an account: the dispatcher gives an order by link, the link opens one public
// phone page, the rider has no code and sends a photo, the owner confirms it from the order
// screen, and the link rider's cash shows on the Riders screen. Axe clean on every screen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiAs,
  axePage,
  axeViolations,
  demoImage,
  featuredProducts,
  naira,
  openBrowser,
  signInAsAdmin,
  signUp,
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

async function phonePage() {
  const page = await axePage(browser, SMALL_PHONE, TIMEOUT);
  return page;
}

async function noAxe(page, what) {
  assert.deepEqual(await axeViolations(page), [], `${what} passes axe`);
}

/** A guest's pay-on-delivery order to Lagos, through the API: {id, number, totalAmount}. */
async function placeOrder(product, variant, customer) {
  const page = await phonePage();
  await page.goto(`${shop.base}/about`);
  const answer = await page.evaluate(
    async ({ productId, size, color, customer }) => {
      const write = { 'Content-Type': 'application/json', 'X-Requested-With': 'ankara' };
      const post = async (path, body) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { ...write, 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
        return JSON.parse(text);
      };
      await post('/api/bag', { productId, size, color, quantity: 1 });
      return post('/api/checkout', {
        customer,
        address: {
          street: '14 Adeola Odeku Street',
          city: 'Victoria Island',
          state: 'Lagos',
          country: 'Nigeria',
          postalCode: '',
          landmark: 'Opposite the blue gate',
        },
        method: 'delivery',
        paymentMethod: 'pay_on_delivery',
      });
    },
    { productId: product.id, size: variant.size, color: variant.color, customer },
  );
  await page.context().close();
  return answer.order;
}

/** The code in the newest "out for delivery" mail about order `number`. */
async function codeFor(number) {
  for (let i = 0; i < 200; i += 1) {
    const mail = shop
      .outbox()
      .reverse()
      .find((m) => m.text.includes(`order #${number} is out for delivery`));
    const code = mail?.text.match(/Your delivery code is (\d{4})/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no delivery code was mailed for order #${number}`);
}

test('a rider delivers two pay-on-delivery orders with the customers’ codes; the shop counts his cash; tracking shows each step', async () => {
  // ---- The owner: guest checkout and pay on delivery in Lagos.
  const owner = await phonePage();
  await owner.goto(`${shop.base}/about`);
  await signInAsAdmin(owner, shop);
  assert.equal((await apiAs(owner, 'PATCH', '/api/admin/settings', { guestCheckout: true })).status, 200);
  const zones = await apiAs(owner, 'PUT', '/api/admin/delivery', {
    zones: [
      {
        name: 'Lagos',
        fee: '2500',
        estimate: 'Same day',
        freeOver: '',
        states: ['Lagos'],
        payOnDelivery: { enabled: true, maxTotal: '5000000' },
      },
    ],
    pickup: { enabled: false },
  });
  assert.equal(zones.status, 200, JSON.stringify(zones.body));

  // ---- The rider's account: staff with the rider role.
  const rider = await phonePage();
  const riderEmail = `tunde-${Date.now()}@example.com`;
  await signUp(rider, shop.base, { name: 'Tunde Bakare', email: riderEmail });
  await shop.grantAdmin(riderEmail, 'rider');
  assert.equal((await apiAs(rider, 'POST', '/api/auth/refresh')).status, 200);

  // ---- Two customers order to be paid on delivery; the shop confirms them by phone.
  const { featured } = await featuredProducts(shop.base);
  const product = featured.find((p) => p.variants.some((v) => v.available >= 2));
  const variant = product.variants.find((v) => v.available >= 2);
  const ada = await placeOrder(product, variant, { name: 'Ada Obi', email: 'ada@example.com', phone: '0803 555 0101' });
  const bola = await placeOrder(product, variant, {
    name: 'Bola Ade',
    email: 'bola@example.com',
    phone: '0805 222 3344',
  });
  for (const order of [ada, bola]) {
    if (order.confirmation) {
      assert.equal((await apiAs(owner, 'POST', `/api/admin/orders/${order.id}/confirm`)).status, 200);
    }
  }

  // ---- The dispatcher gives both to Tunde from the order screen.
  await withShot(owner, 'riders-dispatch', async () => {
    for (const order of [ada, bola]) {
      await owner.goto(`${shop.base}/admin/orders/${order.id}`);
      const card = owner.getByRole('region', { name: 'Rider' });
      await card.getByRole('combobox', { name: 'Rider' }).selectOption({ label: 'Tunde Bakare' });
      await card.getByRole('button', { name: 'Give to rider' }).click();
      await card.getByText('Given to Tunde Bakare. It is on his round.').waitFor();
      await card.getByText(/not left yet/).waitFor();
    }
    await noAxe(owner, 'the order screen with its rider');
  });

  // ---- The rider's round on his phone: both stops, the first one left with.
  await withShot(rider, 'riders-round', async () => {
    await rider.goto(`${shop.base}/admin`);
    await rider.waitForURL(`${shop.base}/admin/deliveries`);
    const stops = rider.getByRole('article');
    await rider.getByText('2 deliveries to make.').waitFor();
    assert.equal(await stops.count(), 2);
    const first = stops.filter({ hasText: `Order #${ada.number}` });
    await first.getByText('Landmark: Opposite the blue gate').waitFor();
    await first.getByText(`Collect ${naira(ada.totalAmount)}`).waitFor();
    assert.equal(await first.getByRole('link', { name: 'Call' }).getAttribute('href'), 'tel:+2348035550101');
    assert.equal(
      await first.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'),
      'https://wa.me/2348035550101',
    );
    await noAxe(rider, 'the rider’s round');
    // Nothing of the shop's money or other screens is his.
    assert.equal((await apiAs(rider, 'GET', '/api/admin/orders')).status, 403);
    await first.getByRole('button', { name: 'Leaving now' }).click();
    await first.getByText('The customer has been sent her delivery code.').waitFor();
  });

  // ---- The customer follows it by number and phone: out for delivery with Tunde.
  const customer = await phonePage();
  await withShot(customer, 'riders-track', async () => {
    await customer.goto(`${shop.base}/track`);
    await customer.getByLabel('Order number').fill(ada.number.toLowerCase());
    await customer.getByLabel('E-mail or phone number').fill('0803 555 0101');
    await customer.getByRole('button', { name: 'Track Order' }).click();
    await customer.getByText(/Tunde, our rider, left with your order at/).waitFor();
    const history = customer.getByRole('list', { name: 'What happened to your order' });
    await history.getByText('Out for delivery with Tunde').waitFor();
    await history.getByText('Order placed').waitFor();
    await noAxe(customer, 'the tracking page with the rider');
  });

  // ---- At the door: a wrong code is refused, the right one delivers and records the cash.
  const code = await codeFor(ada.number);
  const wrong = code === '1111' ? '2222' : '1111';
  await withShot(rider, 'riders-door', async () => {
    const first = rider.getByRole('article').filter({ hasText: `Order #${ada.number}` });
    const door = first.getByRole('form', { name: `Deliver order #${ada.number}` });
    await door.getByLabel('Customer’s code').fill(wrong);
    await door.getByRole('radio', { name: 'Cash' }).check();
    await door.getByRole('button', { name: 'Delivered' }).click();
    await door.getByText(/That code is not right\. Ask the customer to read it again \(4 tries left\)\./).waitFor();
    await noAxe(rider, 'the door form with its error');
    await door.getByLabel('Customer’s code').fill(code);
    await door.getByRole('button', { name: 'Delivered' }).click();
    await first.getByText(/^Delivered /).waitFor();
    await rider.getByText('1 delivery to make.').waitFor();
  });

  // ---- The tracking page now ends with "Delivered".
  await withShot(customer, 'riders-track-delivered', async () => {
    await customer.reload();
    await customer.getByLabel('Order number').fill(ada.number);
    await customer.getByLabel('E-mail or phone number').fill('+2348035550101');
    await customer.getByRole('button', { name: 'Track Order' }).click();
    const history = customer.getByRole('list', { name: 'What happened to your order' });
    await history.getByText('Delivered', { exact: true }).waitFor();
    await history.getByText('Out for delivery with Tunde').waitFor();
    assert.equal(await customer.getByText(/left with your order/).count(), 0, 'delivered: no rider on the way');
  });

  // ---- The shop's Riders screen: Tunde holds the cash until it is counted in.
  await withShot(owner, 'riders-cash', async () => {
    await owner.goto(`${shop.base}/admin/riders`);
    const card = owner.getByRole('region', { name: 'Tunde Bakare' });
    await card.getByText(`Cash in hand: ${naira(ada.totalAmount)}`).waitFor();
    await card.getByText('1 to deliver').waitFor();
    await noAxe(owner, 'the Riders screen');
    await card.getByLabel('Cash counted (₦)').fill('1');
    await card.getByRole('button', { name: 'Hand in' }).click();
    await card
      .getByText(`Tunde Bakare holds ${naira(ada.totalAmount)}. Count it again, or settle that amount.`)
      .waitFor();
    await card.getByLabel('Cash counted (₦)').fill(String(ada.totalAmount / 100));
    await card.getByRole('button', { name: 'Hand in' }).click();
    await card.getByText('Cash handed in and counted.').waitFor();
    await card.getByText(`Cash in hand: ${naira(0)}`).waitFor();
  });

  for (const page of [owner, rider, customer]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('a rider by link, without an account, sends a photo instead of the code; the owner confirms it', async () => {
  const owner = await phonePage();
  await owner.goto(`${shop.base}/about`);
  await signInAsAdmin(owner, shop);
  const { featured } = await featuredProducts(shop.base);
  const product = featured.find((p) => p.variants.some((v) => v.available >= 1));
  const variant = product.variants.find((v) => v.available >= 1);
  const chika = await placeOrder(product, variant, {
    name: 'Chika Eze',
    email: 'chika@example.com',
    phone: '0807 333 4455',
  });
  if (chika.confirmation) {
    assert.equal((await apiAs(owner, 'POST', `/api/admin/orders/${chika.id}/confirm`)).status, 200);
  }

  // ---- The dispatcher gives it by link to Sule, who has no account; the link is shown with WhatsApp.
  let link;
  await withShot(owner, 'riders-link-give', async () => {
    await owner.goto(`${shop.base}/admin/orders/${chika.id}`);
    const card = owner.getByRole('region', { name: 'Rider' });
    await card
      .getByRole('combobox', { name: 'Rider' })
      .selectOption({ label: 'Someone without an account (by link)…' });
    await card.getByLabel('His name').fill('Sule Musa');
    await card.getByLabel('His phone (WhatsApp)').fill('0806 111 2222');
    await card.getByRole('button', { name: 'Give by link' }).click();
    await card.getByText('Given to Sule Musa by link. Send him the link below.').waitFor();
    link = await card.getByLabel('Sule Musa’s link').inputValue();
    assert.match(link, /\/ride\/[A-Za-z0-9]{32}$/);
    const share = await card.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href');
    assert.ok(share.startsWith('https://wa.me/2348061112222?text='), share);
    await noAxe(owner, 'the order screen with a link rider');
  });

  // ---- Sule opens the link on his phone: one stop, nothing else of the shop.
  const sule = await phonePage();
  await withShot(sule, 'riders-link-page', async () => {
    await sule.goto(link.replace(/^https?:\/\/[^/]+/, shop.base));
    const stop = sule.getByRole('article');
    await stop.getByText(`Order #${chika.number}`).waitFor();
    assert.equal(await sule.getByRole('article').count(), 1);
    await noAxe(sule, 'the link page');
    assert.equal((await apiAs(sule, 'GET', '/api/rider/deliveries')).status, 401);
    await stop.getByRole('button', { name: 'Leaving now' }).click();
    await stop.getByText('The customer has been sent her delivery code.').waitFor();
    // No code at the door: a photo, and how she paid.
    await stop.getByRole('button', { name: 'No code? Send a photo' }).click();
    const photo = stop.getByRole('group', { name: 'No code: a photo of the handover' });
    await photo.getByLabel('Photo of the parcel in the customer’s hands').setInputFiles(demoImage());
    await photo.getByRole('radio', { name: 'Cash' }).check();
    await noAxe(sule, 'the photo form');
    await photo.getByRole('button', { name: 'Send the photo' }).click();
    await stop.getByText('Photo sent: waiting for the shop’s review.').waitFor();
  });

  // ---- The owner sees the photo on the order and confirms it: delivered, the cash his.
  await withShot(owner, 'riders-link-review', async () => {
    await owner.reload();
    const card = owner.getByRole('region', { name: 'Rider' });
    await card.getByRole('img', { name: `Handover photo of order #${chika.number}` }).waitFor();
    await card.getByText(/waiting for review/).waitFor();
    await noAxe(owner, 'the order screen with a photo to review');
    await card.getByRole('button', { name: 'Confirm delivery' }).click();
    await card.getByText('Delivered: confirmed from the photo.').waitFor();
    await owner.goto(`${shop.base}/admin/riders`);
    const sule = owner.getByRole('region', { name: 'Sule Musa' });
    await sule.getByText(`Cash in hand: ${naira(chika.totalAmount)}`).waitFor();
    await noAxe(owner, 'the Riders screen with a link rider');
  });

  // ---- The delivered order's link has ended.
  const token = link.split('/').pop();
  assert.equal((await apiAs(sule, 'GET', `/api/ride/${token}`)).status, 404);

  for (const page of [owner, sule]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
