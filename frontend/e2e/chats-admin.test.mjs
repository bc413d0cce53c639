// Orders taken in chats, in the back office, against the real binary: on a 360px phone an owner
// creates a WhatsApp order with a 40% deposit and gets its pay link (copy, WhatsApp), the order
// screen shows it unpaid with its open link; a packer signs in, lands on the orders and sees no
// Dashboard, Customers or Settings; axe is clean on New order, Customers and Staff.
//   cargo build --release
//   ANKARA_BIN=target/release/ankara node --test --test-concurrency=1 frontend/e2e/chats-admin.test.mjs
// Screenshots of New order and the order screen at 360×740 and 1366×768 go to /tmp/ankara-chats-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP,
  SMALL_PHONE,
  axeViolations,
  featuredProducts,
  naira,
  signInAsAdmin,
  signUp,
  withShot,
  shopAndBrowserForThisFile,
} from './harness.mjs';

const TIMEOUT = 15_000;

const { shop, browser } = shopAndBrowserForThisFile();

/** A page in its own browser context (cookies of its own), axe allowed in (bypassCSP). */
async function newPage(browser, viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

async function noAxe(page, where) {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `axe on ${where}: ${JSON.stringify(violations)}`);
}

/** The choice the New order form lists for a variant ("M · Red — 4 in stock"). */
function variantLabel(v) {
  const name = [v.size, v.color].filter(Boolean).join(' · ') || 'One size';
  return `${name} — ${v.available} in stock`;
}

/** A fetch from inside the page (its cookie, the write header). */
function inPage(page, path, { method = 'GET', body } = {}) {
  return page.evaluate(
    async ({ path, method, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'ankara' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { path, method, body },
  );
}

const done = {};

test('an owner takes a WhatsApp order with a 40% deposit on a 360px phone and sends its pay link', async () => {
  const page = await newPage(browser, SMALL_PHONE);
  page.setDefaultTimeout(TIMEOUT);
  await withShot(page, 'chats-owner', async () => {
    await signInAsAdmin(page, shop);
    done.owner = page;
    const { choosy } = await featuredProducts(shop.base);
    const variant = choosy.variants.find((v) => v.available >= 2);
    assert.ok(variant, 'the demo product has a variant with stock');

    // The orders list offers New order to an owner.
    await page.goto(`${shop.base}/admin/orders`);
    await page.getByRole('link', { name: 'New order' }).click();
    await page.getByRole('heading', { level: 1, name: 'New order' }).waitFor();
    await page.waitForURL(/\/admin\/orders\/new$/);
    await noAxe(page, 'New order');

    const form = page.getByRole('form', { name: 'New order' });
    // Sending it empty says what to fill first (the server's words).
    await form.getByRole('button', { name: 'Create order and pay link' }).click();
    await form.getByRole('alert').filter({ hasText: "Please fill in the customer's name and phone number." }).waitFor();

    await form.getByLabel('Name', { exact: true }).fill('Ngozi Eze');
    await form.getByLabel('Phone').fill('0803 555 0100');
    await form.getByLabel('Find a product').fill(choosy.name);
    await form
      .getByRole('button', { name: new RegExp(`^${choosy.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .first()
      .click();
    await form.getByLabel('Size and colour').selectOption({ label: variantLabel(variant) });
    await form.getByLabel('Quantity', { exact: true }).fill('2');
    await form.getByRole('button', { name: 'Add to order' }).click();
    await form.getByRole('list', { name: 'Items in the order' }).getByText(choosy.name, { exact: true }).waitFor();
    await form.getByLabel('State', { exact: true }).selectOption('Lagos');
    await form.getByLabel('Street address').fill('12 Admiralty Way');
    await form.getByLabel('Town or city').fill('Lekki');
    await form.getByLabel('A deposit (%)').check();
    await form.getByLabel('Deposit (% of the total)').fill('40');
    await form.getByLabel('Internal note (optional)').fill('Wants it before Friday');
    await form.getByLabel('Customer’s note (optional)').fill('Call before delivery');
    await page.screenshot({ path: '/tmp/ankara-chats-new-order-360.png', fullPage: true });

    // A double click makes one order (one Idempotency-Key for the form).
    const created = [];
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/admin/orders') {
        created.push(res.status());
      }
    });
    await form.getByRole('button', { name: 'Create order and pay link' }).dblclick();
    const heading = page.getByRole('heading', { level: 2, name: /^Order #[A-Z2-9]{8} created$/ });
    await heading.waitFor();
    const number = (await heading.textContent()).match(/#([A-Z2-9]{8})/)[1];
    const link = await page.getByLabel(/^Pay link for /).inputValue();
    assert.match(link, /\/pay\/[A-Za-z0-9]{32}$/);

    // The order as the server has it: 40% of its total asked for now.
    const list = await inPage(page, '/api/admin/orders');
    const orders = list.body.orders.filter((o) => o.number === number);
    assert.equal(orders.length, 1, 'one order was made');
    assert.ok(created.filter((s) => s === 201).length <= 1, `one 201 at most: ${created}`);
    const order = (await inPage(page, `/api/admin/orders/${orders[0].id}`)).body;
    done.order = order;
    const deposit = Math.floor((order.totalAmount * 40 + 50) / 100);
    assert.equal(order.payLinks.length, 1);
    assert.equal(order.payLinks[0].amount, deposit);
    assert.equal(order.payLinks[0].purpose, 'deposit');
    assert.equal(order.source, 'whatsapp');
    assert.equal(order.internalNote, 'Wants it before Friday');
    assert.equal(order.customerNote, 'Call before delivery');
    await page.getByText(`Pay link for ${naira(deposit)}`).waitFor();

    // Send on WhatsApp: the customer's number in international form and the message with the link.
    const whatsapp = await page.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href');
    assert.ok(whatsapp.startsWith('https://wa.me/2348035550100?text='), whatsapp);
    const text = decodeURIComponent(whatsapp.split('?text=')[1]);
    assert.ok(text.includes(`#${number}`) && text.includes(naira(deposit)) && text.includes(link), text);
    await page.screenshot({ path: '/tmp/ankara-chats-order-made-360.png', fullPage: true });

    // The order screen: from WhatsApp, nothing paid yet, the open link to send again.
    await page.getByRole('link', { name: 'Open the order' }).click();
    await page.getByRole('heading', { level: 1, name: `Order #${number}` }).waitFor();
    await page.getByText('Source: WhatsApp').first().waitFor();
    await page.getByText(`Unpaid — ${naira(order.totalAmount)} to pay by link`).waitFor();
    const links = page.getByRole('list', { name: 'Pay links, oldest first' });
    await links.getByText('Deposit').waitFor();
    await links.getByText('Open', { exact: true }).waitFor();
    assert.equal(await links.getByLabel(/^Pay link for /).inputValue(), link);
    await page.getByText('Call before delivery').waitFor();
    await noAxe(page, 'the order screen');
    await page.screenshot({ path: '/tmp/ankara-chats-order-360.png', fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: '/tmp/ankara-chats-order-1366.png', fullPage: true });
    await page.goto(`${shop.base}/admin/orders/new`);
    await page.getByRole('heading', { level: 1, name: 'New order' }).waitFor();
    await page.screenshot({ path: '/tmp/ankara-chats-new-order-1366.png', fullPage: true });
    assert.deepEqual(page.errors, []);
  });
});

test('axe is clean on Customers and Staff, and the customer taken in the chat is listed', async () => {
  const page = done.owner;
  assert.ok(page, 'the owner signed in above');
  await withShot(page, 'chats-lists', async () => {
    await page.setViewportSize(SMALL_PHONE);
    await page.goto(`${shop.base}/admin/customers`);
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByLabel('Search by name, e-mail or phone').fill('Ngozi');
    await page.getByRole('list', { name: 'Customers' }).getByRole('link', { name: 'Ngozi Eze' }).waitFor();
    await noAxe(page, 'Customers');
    await page.goto(`${shop.base}/admin/staff`);
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await page.getByRole('list', { name: 'Staff' }).waitFor();
    await noAxe(page, 'Staff');
    // The last owner stays one: the server's refusal shows.
    const mine = page.getByRole('list', { name: 'Staff' }).getByRole('combobox').first();
    await mine.selectOption('manager');
    await page.getByRole('alert').filter({ hasText: "This is the shop's last owner." }).waitFor();
  });
});

test('a packer signs in, lands on the orders and sees no Dashboard, Customers or Settings', async () => {
  const page = await newPage(browser, SMALL_PHONE);
  page.setDefaultTimeout(TIMEOUT);
  await withShot(page, 'chats-packer', async () => {
    const email = `packer-${Date.now()}@example.com`;
    await signUp(page, shop.base, { name: 'Tunde Packer', email });
    const granted = await inPage(done.owner, '/api/admin/grant', { method: 'POST', body: { email, role: 'packer' } });
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    await inPage(page, '/api/auth/logout', { method: 'POST', body: {} });

    await page.goto(`${shop.base}/login`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('secret123');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin\/orders$/);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('link', { name: `Order #${done.order.number}` }).waitFor();
    for (const href of [
      '/admin/dashboard',
      '/admin/customers',
      '/admin/settings',
      '/admin/staff',
      '/adminmanagement',
    ]) {
      assert.equal(await page.locator(`a[href="${href}"]`).count(), 0, `no link to ${href}`);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Orders', exact: true }).waitFor();
    await menu.getByRole('link', { name: 'Stock', exact: true }).waitFor();
    for (const name of ['Dashboard', 'Customers', 'Settings']) {
      assert.equal(await menu.getByRole('link', { name, exact: true }).count(), 0, `no ${name} in the menu`);
    }
    await page.keyboard.press('Escape');

    // Issue 34 item 9: what the role may not do, its screens do not offer, and what it may not
    // see is not on them: no money anywhere (no ₦), no e-mail, no Refund or Cancel.
    const list = await page.locator('main').innerText();
    assert.ok(!list.includes('₦'), `no totals in the packer's list: ${list}`);
    await page.getByRole('link', { name: `Order #${done.order.number}` }).click();
    await page.getByRole('heading', { level: 2, name: /^Items/ }).waitFor();
    const order = await page.locator('main').innerText();
    assert.ok(!order.includes('₦'), `no money on the packer's order: ${order}`);
    assert.ok(!order.includes('@'), `no e-mail on the packer's order: ${order}`);
    assert.equal(await page.getByRole('heading', { name: 'Payment' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /Refund|Cancel/ }).count(), 0, 'no Refund or Cancel');
    await page.goto(`${shop.base}/admin/stock`);
    await page.getByRole('table').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Download CSV' }).count(), 0, 'no spreadsheet');
    assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0, 'stock read-only');
    assert.equal(await page.getByRole('spinbutton').count(), 0, 'no stock to edit');
    await page.goto(`${shop.base}/admin/orders`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    // No New order for a packer; the dashboard's address leads to the orders.
    assert.equal(await page.getByRole('link', { name: 'New order' }).count(), 0);
    await page.goto(`${shop.base}/admin/dashboard`);
    await page.waitForURL(/\/admin\/orders$/);
    assert.deepEqual(page.errors, []);
  });
});
