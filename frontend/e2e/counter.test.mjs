// Issue 37, the counter, in a real browser against the real binary: a cashier (the new staff role)
// types a SKU at a tablet (1024×768) and at a 360 px phone, sells two for cash with change, sees the
// receipt and prints it (only the receipt is on paper), and the website shows the stock down at
// once; a sale paid by the pay link's QR code completes when the sandbox payment arrives; with the
// browser offline three sales are made and wait on the device, back online they arrive once each,
// and the one that collided with a website sale of the last unit shows on Oversold at the counter;
// End of day shows the expected and the counted cash; the counter screen passes axe. Part 2: the
// counter reloaded with no connection opens for the cashier the device remembers and its sale
// arrives once; a sale paid partly by gift card is found by its receipt number at another till and
// gives back the cash and the card's part; the phone finds a returning customer, and Exchange
// brings an item back and sells the replacement with its cash.
//   cd frontend && npx vite build && cd .. && cargo build --release
//   ANKARA_FRONTEND_DIR=frontend/dist ANKARA_BIN=target/release/ankara node --test frontend/e2e/counter.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiAs,
  axePage,
  axeViolations,
  buyWithTestCard,
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
const TABLET = { width: 1024, height: 768 };
// The sandbox completes a transfer by webhook after this delay (its default is 10 s).
process.env.ANKARA_SANDBOX_TRANSFER_DELAY_MS = '2000';

let shop;
let browser;
let owner;
let product;
/** The variants sold here, each with a SKU: [{id, size, color, sku}]. */
let variants;
const CASHIER_EMAIL = `bisi-${Date.now()}@example.com`;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  owner = await axePage(browser, TABLET, TIMEOUT);
  await owner.goto(`${shop.base}/about`);
  await signInAsAdmin(owner, shop);
  const { choosy } = await featuredProducts(shop.base);
  product = await productNow(choosy.id);
  variants = product.variants.slice(0, 4).map((v, i) => ({ ...v, sku: `E2E-CTR-${i + 1}` }));
  for (const v of variants) {
    const edited = await apiAs(owner, 'PATCH', `/api/admin/variants/${v.id}`, { stock: 20, sku: v.sku });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
  }
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

function productNow(id) {
  return fetch(`${shop.base}/api/products/${id}`).then((r) => r.json());
}

async function available(variantId) {
  return (await productNow(product.id)).variants.find((v) => v.id === variantId).available;
}

/** A fresh page signed in as the cashier (the account is made once, the role granted by the CLI). */
let cashierMade = false;
async function cashierPage(viewport) {
  const page = await axePage(browser, viewport, TIMEOUT);
  await page.goto(`${shop.base}/about`);
  if (!cashierMade) {
    await signUp(page, shop.base, { name: 'Bisi Cashier', email: CASHIER_EMAIL });
    await shop.grantAdmin(CASHIER_EMAIL, 'cashier');
    cashierMade = true;
  } else {
    const login = await apiAs(page, 'POST', '/api/auth/login', { email: CASHIER_EMAIL, password: 'secret123' });
    assert.equal(login.status, 200, JSON.stringify(login.body));
  }
  assert.equal((await apiAs(page, 'POST', '/api/auth/refresh')).status, 200);
  // Printing is the browser's dialog: count the calls instead.
  await page.addInitScript(() => {
    window.__printed = 0;
    window.print = () => {
      window.__printed += 1;
    };
  });
  return page;
}

async function openCounter(page) {
  await page.goto(`${shop.base}/admin/counter`);
  await page.getByRole('heading', { name: 'Counter', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: /Name or SKU/ }).waitFor();
  // The catalogue has arrived (and is kept on the device).
  await page.waitForFunction(() => localStorage.getItem('ankara.counter.catalogue') !== null);
}

async function typeSku(page, sku) {
  const box = page.getByRole('textbox', { name: /Name or SKU/ });
  await box.fill(sku);
  await box.press('Enter');
}

/** Sells what is in the sale for cash: `given` naira as typed; waits for the receipt or the kept sale. */
async function payCash(page, given, { offline = false } = {}) {
  await page.getByRole('textbox', { name: /Cash tendered/ }).fill(given);
  await page.getByRole('button', { name: /Record the sale/ }).click();
  const heading = offline
    ? page.getByRole('heading', { name: 'Sale kept on this device' })
    : page.getByRole('heading', { name: /^Sale \w+ recorded$/ });
  await heading.waitFor();
}

const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

async function countedSales(page) {
  const res = await apiAs(page, 'GET', `/api/counter/sales?date=${today()}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.sales;
}

for (const [name, viewport] of [
  ['a tablet (1024×768)', TABLET],
  ['a 360 px phone', SMALL_PHONE],
]) {
  test(`on ${name} a cashier types a SKU, sells two for cash with change and prints the receipt; the website shows the stock down`, async () => {
    const page = await cashierPage(viewport);
    const variant = variants[0];
    await withShot(page, `counter-cash-${viewport.width}`, async () => {
      const before = await available(variant.id);
      await openCounter(page);
      await typeSku(page, variant.sku);
      await typeSku(page, variant.sku.toLowerCase());
      const total = product.price * 2;
      assert.equal(await page.getByTestId('counter-total').innerText(), naira(total));
      // Too little cash is refused before anything is sent.
      await page.getByRole('textbox', { name: /Cash tendered/ }).fill(String(total / 100 - 1));
      await page.getByRole('button', { name: /Record the sale/ }).click();
      await page.getByText('The cash tendered is less than the cash due.').waitFor();
      const given = total + 500_000;
      await page.getByRole('textbox', { name: /Cash tendered/ }).fill(String(given / 100));
      await page.getByText(`Change: ${naira(500_000)}`).waitFor();
      await payCash(page, String(given / 100));

      const receipt = page.getByRole('article', { name: 'Receipt' });
      const text = await receipt.innerText();
      assert.match(text, /Receipt \w+/);
      assert.ok(text.includes('Served by Bisi Cashier'), text);
      assert.ok(text.includes(naira(total)), text);
      assert.ok(text.includes(naira(500_000)), `the change is on the receipt: ${text}`);
      await page.screenshot({ path: `/tmp/ankara-37-receipt-${viewport.width}.png`, fullPage: true });

      // Print 80 mm: the page rule is the roll's, and on paper only the receipt shows.
      await page.getByRole('button', { name: 'Print 80 mm' }).click();
      await page.waitForFunction(() => window.__printed === 1);
      await page.emulateMedia({ media: 'print' });
      const seen = await page.evaluate(() => ({
        receipt: getComputedStyle(document.querySelector('.counter-doc')).visibility,
        button: getComputedStyle([...document.querySelectorAll('button')].find((b) => b.textContent === 'New sale'))
          .visibility,
        rule: [...document.querySelectorAll('style')].some((s) => s.textContent.includes('size: 80mm auto')),
      }));
      assert.deepEqual(seen, { receipt: 'visible', button: 'hidden', rule: true });
      await page.screenshot({ path: `/tmp/ankara-37-receipt-print-${viewport.width}.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('button', { name: 'Print A4' }).click();
      await page.waitForFunction(() => window.__printed === 2);

      // One stock: the website sells two fewer, at once.
      assert.equal(await available(variant.id), before - 2);
      await page.getByRole('button', { name: 'New sale' }).click();
      await page.getByRole('heading', { name: 'The sale' }).waitFor();
      assert.deepEqual(page.errors, []);
    });
  });
}

test('a sale paid by the QR code of its pay link completes by itself when the sandbox payment arrives', async () => {
  const page = await cashierPage(TABLET);
  await withShot(page, 'counter-paylink', async () => {
    await openCounter(page);
    await typeSku(page, variants[1].sku);
    await page.getByRole('radio', { name: 'Pay link (QR)' }).check();
    await page.getByRole('button', { name: /Record the sale/ }).click();
    await page.getByRole('heading', { name: `Scan to pay ${naira(product.price)}` }).waitFor();
    await page.getByRole('img', { name: /QR code of the pay link/ }).waitFor();
    await page.screenshot({ path: '/tmp/ankara-37-paylink-1024.png', fullPage: true });
    const link = await page.locator('.counter-paylink__link a').getAttribute('href');

    // The customer's phone: the pay page, the sandbox's test card.
    const customer = await axePage(browser, SMALL_PHONE, TIMEOUT);
    await customer.goto(`${shop.base}${new URL(link).pathname}`);
    await customer.getByRole('button', { name: `Pay ${naira(product.price)}` }).click();
    const popup = customer.getByRole('dialog', { name: 'Test payment' });
    await popup.waitFor();
    await popup.getByRole('button', { name: /Pay with test card 4084 0840 8408 4081/ }).click();
    await customer.getByRole('heading', { name: 'This link has been paid. Thank you!' }).waitFor();

    // The counter asks every 2 s and moves on to the receipt.
    await page.getByRole('heading', { name: /^Sale \w+ recorded$/ }).waitFor({ timeout: 15_000 });
    const text = await page.getByRole('article', { name: 'Receipt' }).innerText();
    assert.ok(text.includes('Pay link'), text);
  });
});

test('offline, three sales wait on the device; back online they arrive once each, and the one that collided shows as oversold', async () => {
  const page = await cashierPage(SMALL_PHONE);
  const last = variants[2];
  await withShot(page, 'counter-offline', async () => {
    // One left of this one, as the counter's copy of the catalogue knows it.
    const set = await apiAs(owner, 'PATCH', `/api/admin/variants/${last.id}`, { stock: 1 });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    await openCounter(page);
    const before = (await countedSales(page)).length;

    await page.context().setOffline(true);
    await typeSku(page, variants[3].sku);
    await payCash(page, String(product.price / 100), { offline: true });
    await page.getByRole('button', { name: 'New sale' }).click();
    await typeSku(page, last.sku);
    await payCash(page, String(product.price / 100), { offline: true });
    await page.getByRole('button', { name: 'New sale' }).click();
    await typeSku(page, variants[3].sku);
    await typeSku(page, variants[3].sku);
    await payCash(page, String((product.price * 2) / 100), { offline: true });
    await page.getByRole('status').filter({ hasText: 'Offline — 3 sales waiting to be sent' }).waitFor();
    await page.screenshot({ path: '/tmp/ankara-37-offline-360.png', fullPage: true });

    // Meanwhile the website sells the last unit.
    const shopper = await axePage(browser, SMALL_PHONE, TIMEOUT);
    const adaEmail = `ada-${Date.now()}@example.com`;
    await signUp(shopper, shop.base, { name: 'Ada Obi', email: adaEmail });
    const fresh = await productNow(product.id);
    await buyWithTestCard(
      shopper,
      fresh,
      { name: 'Ada Obi', email: adaEmail, phone: '0803 555 0101' },
      { street: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos', postalCode: '100001', country: 'Nigeria' },
      fresh.variants.find((v) => v.id === last.id),
    );
    assert.equal(await available(last.id), 0);

    await page.context().setOffline(false);
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem('ankara.counter.queue') ?? '{}').waiting?.length === 0,
      null,
      {
        timeout: 30_000,
      },
    );
    const queue = await page.evaluate(() => JSON.parse(localStorage.getItem('ankara.counter.queue')));
    assert.deepEqual(queue.attention, [], 'none refused');
    const sales = await countedSales(page);
    assert.equal(sales.length - before, 3, 'three sales, once each');
    assert.equal(new Set(sales.map((s) => s.saleId)).size, sales.length);
    assert.ok(sales.slice(0, 3).every((s) => s.offline));
  });

  await withShot(owner, 'counter-oversold', async () => {
    await owner.goto(`${shop.base}/admin/counter/oversold`);
    const open = owner.getByRole('region', { name: 'To resolve' });
    await open.getByText(/1 short of/).waitFor();
    assert.ok((await open.innerText()).includes(last.sku));
    assert.deepEqual(await axeViolations(owner), [], 'Oversold at the counter passes axe');
    await open.getByRole('button', { name: 'Restocked' }).first().click();
    await owner.getByRole('region', { name: 'Resolved' }).getByText('Restocked').waitFor();
  });
});

test('reloaded with no connection, the counter opens for the cashier the device remembers; the sale made then arrives once', async () => {
  const page = await cashierPage(SMALL_PHONE);
  await withShot(page, 'counter-offline-reload', async () => {
    await openCounter(page);
    // The service worker (production build) controls the page and has kept the offline shell and
    // the counter's code, which the counter names to it once open online.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await page.waitForFunction(
      async () => {
        if (!(await caches.match('/about'))) return false;
        const code = performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name))
          .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'));
        for (const u of code) if (!(await caches.match(u.pathname))) return false;
        return code.length > 0;
      },
      null,
      { timeout: 15_000, polling: 250 },
    );
    assert.equal(
      await page.evaluate(() => JSON.parse(localStorage.getItem('ankara.counter.user') ?? 'null')?.displayName),
      'Bisi Cashier',
    );
    const before = (await countedSales(page)).length;

    await page.context().setOffline(true);
    await page.reload();
    // Chromium leaves navigator.onLine true in a document the service worker served while
    // emulating no network (phone.test.mjs); saying offline again reaches it as a real phone's would.
    if (await page.evaluate(() => navigator.onLine)) {
      await page.context().setOffline(false);
      await page.context().setOffline(true);
    }
    assert.ok(await page.evaluate(() => document.querySelector('meta[name="ankara-offline-shell"]') !== null));
    await page.getByRole('heading', { name: 'Counter', level: 1 }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline — / })
      .waitFor();
    await typeSku(page, variants[0].sku);
    await payCash(page, String(product.price / 100), { offline: true });
    const receipt = await page.getByRole('article', { name: 'Receipt' }).innerText();
    assert.ok(receipt.includes('Served by Bisi Cashier'), receipt);
    await page.screenshot({ path: '/tmp/ankara-counter2-offline-reload-360.png', fullPage: true });
    assert.deepEqual(await axeViolations(page), [], 'the counter opened offline passes axe');

    await page.context().setOffline(false);
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem('ankara.counter.queue') ?? '{}').waiting?.length === 0,
      null,
      { timeout: 30_000 },
    );
    const queue = await page.evaluate(() => JSON.parse(localStorage.getItem('ankara.counter.queue')));
    assert.deepEqual(queue.attention, [], 'none refused');
    const sales = await countedSales(page);
    assert.equal(sales.length - before, 1, 'the sale arrived once');
    assert.equal(new Set(sales.map((s) => s.saleId)).size, sales.length);
    assert.ok(sales[0].offline);
    // Back online, the server's session replaces the remembered one: the banner is gone.
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline/ })
      .waitFor({ state: 'detached' });
    assert.deepEqual(page.errors, []);
  });
});

test('End of day shows the cashier’s expected cash, and the count she types', async () => {
  const page = await cashierPage(SMALL_PHONE);
  await withShot(page, 'counter-day', async () => {
    const day = await apiAs(page, 'GET', `/api/counter/day?date=${today()}`);
    assert.equal(day.status, 200, JSON.stringify(day.body));
    const mine = day.body.cashiers[0];
    assert.ok(mine.cash > 0, JSON.stringify(day.body));
    await page.goto(`${shop.base}/admin/counter/day`);
    const table = page.getByRole('table', { name: 'Each cashier’s cash' });
    await table.waitFor();
    assert.ok((await table.innerText()).includes(naira(mine.cash)));
    const counted = mine.cash - 50_000;
    await page.getByRole('textbox', { name: /Cash counted/ }).fill(String(counted / 100));
    await page.getByRole('button', { name: 'Save the count' }).click();
    await page.getByText(`Counted ${naira(counted)} for Bisi Cashier: ${naira(50_000)} short.`).waitFor();
    await table.getByText(`${naira(50_000)} short`).waitFor();
    await page.screenshot({ path: '/tmp/ankara-37-day-360.png', fullPage: true });
  });
});

test('a customer brings an item back: End of day gives its cash back and it is on sale again', async () => {
  const page = await cashierPage(SMALL_PHONE);
  await withShot(page, 'counter-return', async () => {
    const listed = await apiAs(page, 'GET', `/api/counter/sales?date=${today()}`);
    const sale = listed.body.sales.find(
      (s) => s.status === 'paid' && s.lines[0].variantId && s.lines[0].returned < s.lines[0].quantity,
    );
    assert.ok(sale, JSON.stringify(listed.body));
    const line = sale.lines[0];
    const productId = (await apiAs(page, 'GET', '/api/counter/catalogue')).body.products.find((p) =>
      p.variants.some((v) => v.variantId === line.variantId),
    ).productId;
    const before = (await productNow(productId)).variants.find((v) => v.id === line.variantId).available;
    await page.goto(`${shop.base}/admin/counter/day`);
    const row = page.getByRole('row', { name: new RegExp(sale.number) });
    await row.getByRole('button', { name: 'Bring back items' }).click();
    const form = page.getByRole('form', { name: `Bring back items of sale ${sale.number}` });
    await form.getByRole('spinbutton').first().fill('1');
    await form.getByRole('button', { name: 'Give the cash back' }).click();
    await form.getByText(/^Give ₦[\d,.]+ back in cash\.$/).waitFor();
    assert.equal((await productNow(productId)).variants.find((v) => v.id === line.variantId).available, before + 1);
    const after = await apiAs(page, 'GET', `/api/counter/sales/${sale.id}`);
    assert.equal(after.body.lines[0].returned, line.returned + 1);
    assert.ok(after.body.returnedCash > 0);
    assert.deepEqual(await axeViolations(page), [], 'End of day with a return passes axe');
    await page.screenshot({ path: '/tmp/ankara-37-return-360.png', fullPage: true });
  });
});

test('a sale paid partly by gift card; another till finds it by its receipt number and gives back the cash and the card’s part', async () => {
  const page = await cashierPage(SMALL_PHONE);
  const card = Math.floor(product.price / 2 / 100) * 100;
  const cash = product.price - card;
  const issued = await apiAs(owner, 'POST', '/api/admin/gift-cards', { amount: String(card / 100) });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  const { code } = issued.body;
  const last4 = issued.body.card.last4;
  let number;
  await withShot(page, 'counter-gift-card', async () => {
    await openCounter(page);
    await typeSku(page, variants[0].sku);
    await page.getByRole('button', { name: 'Split the payment' }).click();
    await page.getByRole('textbox', { name: 'Amount of payment 1 (₦)' }).fill(String(cash / 100));
    await page.getByRole('textbox', { name: 'Cash tendered 1 (₦)' }).fill(String(cash / 100));
    await page.getByRole('radiogroup', { name: 'Payment 2: method' }).getByRole('radio', { name: 'Gift card' }).check();
    await page.getByRole('textbox', { name: 'Amount of payment 2 (₦)' }).fill(String(card / 100));
    await page.getByRole('textbox', { name: 'Gift card code 2' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Check balance' }).click();
    await page.getByText(`Gift card ••••${last4} has ${naira(card)} left.`).waitFor();
    await page.getByRole('button', { name: /Record the sale/ }).click();
    const heading = page.getByRole('heading', { name: /^Sale \w+ recorded$/ });
    await heading.waitFor();
    number = (await heading.innerText()).split(' ')[1];
    const receipt = await page.getByRole('article', { name: 'Receipt' }).innerText();
    assert.ok(receipt.includes(`Gift card ••••${last4}`), receipt);
    await page.screenshot({ path: '/tmp/ankara-counter2-gift-card-360.png', fullPage: true });
    assert.deepEqual(page.errors, []);
  });

  await withShot(owner, 'counter-receipt-return', async () => {
    // Another till (the owner's tablet), another day's list: the receipt number finds it.
    await owner.goto(`${shop.base}/admin/counter/day`);
    const panel = owner.getByRole('region', { name: 'Bring back items' });
    await panel.getByRole('textbox', { name: 'Receipt number' }).fill(`# ${number.toLowerCase()}`);
    await panel.getByRole('button', { name: 'Find' }).click();
    const found = panel.getByRole('group', { name: `Sale ${number}` });
    await found.waitFor();
    await found.getByRole('spinbutton').first().fill('1');
    await found.getByRole('button', { name: 'Give the cash back' }).click();
    await found.getByText(`Give ${naira(cash)} back in cash. ${naira(card)} back on the gift card.`).waitFor();
    const balance = await fetch(`${shop.base}/api/gift-cards/balance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'ankara' },
      body: JSON.stringify({ code }),
    }).then((r) => r.json());
    assert.equal(balance.balance, card, JSON.stringify(balance));
    assert.deepEqual(await axeViolations(owner), [], 'End of day with a sale found by its receipt passes axe');
    await owner.screenshot({ path: '/tmp/ankara-counter2-receipt-return-1024.png', fullPage: true });
  });
});

test('the phone finds a returning customer; Exchange brings an item back and sells the replacement with its cash', async () => {
  const page = await cashierPage(SMALL_PHONE);
  await withShot(page, 'counter-exchange', async () => {
    const phone = `0809 ${String(Date.now()).slice(-7, -4)} ${String(Date.now()).slice(-4)}`;
    await openCounter(page);
    const phoneBox = page.getByRole('textbox', { name: /Customer's phone/ });
    await phoneBox.fill(phone);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('New customer', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: /Customer's name/ }).fill('Ngozi Eze');
    await typeSku(page, variants[0].sku);
    await payCash(page, String(product.price / 100));
    const number = (await page.getByRole('heading', { name: /^Sale \w+ recorded$/ }).innerText()).split(' ')[1];
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('textbox', { name: /Customer's phone/ }).fill(phone);
    await page.getByRole('textbox', { name: /Customer's name/ }).focus();
    await page.getByText('Returning customer: Ngozi Eze · 1 order').waitFor();
    assert.equal(await page.getByRole('textbox', { name: /Customer's name/ }).inputValue(), 'Ngozi Eze');

    await page.getByRole('link', { name: 'End of day' }).click();
    const panel = page.getByRole('region', { name: 'Bring back items' });
    await panel.getByRole('textbox', { name: 'Receipt number' }).fill(number);
    await panel.getByRole('button', { name: 'Find' }).click();
    const found = panel.getByRole('group', { name: `Sale ${number}` });
    await found.getByRole('spinbutton').first().fill('1');
    await found.getByRole('button', { name: 'Exchange' }).click();
    const banner = page.getByRole('region', { name: 'Exchange' });
    await banner.getByText(`Exchange for receipt #${number}: ${naira(product.price)} given back.`).waitFor();
    assert.equal(await page.getByRole('textbox', { name: /Cash tendered/ }).inputValue(), String(product.price / 100));
    await typeSku(page, variants[1].sku);
    await page.getByText(`Change: ${naira(0)}`).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the counter with an exchange passes axe');
    await page.screenshot({ path: '/tmp/ankara-counter2-exchange-360.png', fullPage: true });
    await page.getByRole('button', { name: /Record the sale/ }).click();
    await page.getByRole('heading', { name: /^Sale \w+ recorded$/ }).waitFor();
    assert.equal(await banner.count(), 0);
    const back = await apiAs(page, 'GET', `/api/counter/receipts/${number}`);
    assert.equal(back.body.lines[0].returned, 1, JSON.stringify(back.body));
    assert.deepEqual(page.errors, []);
  });
});

test('the counter screen passes axe at both sizes', async () => {
  for (const viewport of [TABLET, SMALL_PHONE]) {
    const page = await cashierPage(viewport);
    await openCounter(page);
    await typeSku(page, variants[0].sku);
    await page.getByRole('textbox', { name: /Cash tendered/ }).fill('1');
    await page.mouse.move(0, 0);
    assert.deepEqual(await axeViolations(page), [], `the counter at ${viewport.width} px passes axe`);
    await page.screenshot({ path: `/tmp/ankara-37-counter-${viewport.width}.png`, fullPage: true });
  }
});
