// Issue 25 §4–5 in a real browser against the real binary, whose mail server is down: on a phone a
// shopper asks to hear when a sold-out size is back ("Notify me"); the size comes back, the mail
// cannot be sent, and the owner finds it on the Failed mail screen and retries it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import {
  apiAs,
  axeViolations,
  axePage,
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
let choosy;
let adminPage;

/** A port nothing listens on: the shop's mail server is "down". */
async function closedPort() {
  const server = createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

before(async () => {
  const port = await closedPort();
  shop = await startShop({
    env: { ANKARA_SMTP_URL: `smtp://127.0.0.1:${port}`, ANKARA_MAIL_ATTEMPTS: '1', ANKARA_MAIL_RETRY_MS: '50' },
  });
  browser = await openBrowser();
  ({ choosy } = await featuredProducts(shop.base));
  adminPage = await newPage(browser);
  await signInAsAdmin(adminPage, shop);
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const productNow = (id) => fetch(`${shop.base}/api/products/${id}`).then((r) => r.json());

async function setStock(variantId, stock) {
  const { status } = await apiAs(adminPage, 'PATCH', `/api/admin/variants/${encodeURIComponent(variantId)}`, { stock });
  assert.equal(status, 200);
}

describe('mail', () => {
  test('Notify me on a sold-out size (360 px phone), then the Failed mail screen retries the mail', async () => {
    const product = await productNow(choosy.id);
    const gone = product.variants.find((v) => v.size === product.sizes[0] && v.color === product.colors[0]);
    await setStock(gone.id, 0);
    const label = `${gone.size}, ${gone.color}`;

    const page = await axePage(browser, SMALL_PHONE);
    await withShot(page, 'mail-notify', async () => {
      await page.goto(`${shop.base}/product/${choosy.id}`);
      await page.getByRole('button', { name: /Sold out in your size/ }).click();
      await page.getByRole('heading', { name: "E-mail me when it's back" }).waitFor();
      const soldOut = page.getByLabel('Sold out', { exact: true });
      if (await soldOut.count()) await soldOut.selectOption({ label });
      else await page.getByText(`Sold out: ${label}`).waitFor();
      await page.getByLabel('Your e-mail').fill('not-an-address');
      await page.getByRole('button', { name: 'Notify me' }).click();
      await page.getByRole('alert').getByText('Please enter a valid email address.').waitFor();
      // A visitor's address confirms first (issue 34): nothing waits until she opens the link.
      await page.getByLabel('Your e-mail').fill('visitor@example.com');
      await page.getByRole('button', { name: 'Notify me' }).click();
      await page
        .getByText(
          "Please confirm: we've sent a link to visitor@example.com. Once you open it, we'll e-mail you when it's back.",
        )
        .waitFor();

      // A signed-in customer asking for her own address needs no link.
      await signUp(page, shop.base, { name: 'Wanda Waiting', email: 'waiting@example.com' });
      await page.goto(`${shop.base}/product/${choosy.id}`);
      await page.getByRole('button', { name: /Sold out in your size/ }).click();
      await page.getByRole('heading', { name: "E-mail me when it's back" }).waitFor();
      if (await soldOut.count()) await soldOut.selectOption({ label });
      else await page.getByText(`Sold out: ${label}`).waitFor();
      await page.getByLabel('Your e-mail').fill('waiting@example.com');
      await page.getByRole('button', { name: 'Notify me' }).click();
      await page.getByText("We'll e-mail waiting@example.com when it's back.").waitFor();
      // The button is big enough to tap and the form is accessible.
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(page.errors, []);
    });

    // The owner sees one waiting on the Stock screen, then puts the size back on sale.
    const stock = await apiAs(adminPage, 'GET', `/api/admin/stock?show=all&q=${encodeURIComponent(choosy.name)}`);
    assert.equal(stock.body.rows.find((r) => r.variantId === gone.id).waiting, 1);
    await setStock(gone.id, 5);

    // The mail server is down and a mail gets one attempt here: it shows under Failed mail.
    await withShot(adminPage, 'mail-failed', async () => {
      for (let i = 0; i < 100; i++) {
        const { body } = await apiAs(adminPage, 'GET', '/api/admin/mail/failed');
        if (body.some((m) => m.kind === 'back_in_stock')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await adminPage.goto(`${shop.base}/admin/mail`);
      const list = adminPage.getByRole('list', { name: 'Failed mail' });
      await list.getByText('Back in stock to waiting@example.com').waitFor();
      await list
        .getByText(/Last answer: the mail server did not take it/)
        .first()
        .waitFor();
      await adminPage.getByRole('button', { name: /Retry the mail to waiting@example.com/ }).click();
      await adminPage.getByText('1 mail will be sent again.').waitFor();
      assert.deepEqual(adminPage.errors, []);
    });

    // The menu offers the screen to owners.
    await adminPage.setViewportSize(SMALL_PHONE);
    await adminPage.getByRole('button', { name: /menu/i }).first().click();
    await adminPage.getByRole('link', { name: 'Failed mail' }).waitFor();
  });
});
