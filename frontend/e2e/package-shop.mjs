// The merchant's path after `apt install ./ankara_*.deb`, in Chromium at 360 px, against the shop the
// package installed (run by scripts/package-test.sh, which installs it, starts it as its unit would
// and passes PACKAGE_BASE and PACKAGE_LOG):
//   PACKAGE_PHASE=setup     the home page sends her to /setup; the code from the shop's log; a
//                           refused Paystack key with its message, then good ones; the back office;
//                           a second /setup answers 404; a shopper buys a product through the pop-up.
//   PACKAGE_PHASE=upgraded  after the package was upgraded: the owner signs in, her order and her
//                           settings are there, the product's picture loads, /setup is still 404.
// Screenshots of /setup and Keys and addresses (360×740 and 1366×768) go to PACKAGE_SHOTS.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { DESKTOP, SMALL_PHONE, axeViolations, newPage, openBrowser, signUp, withShot } from './harness.mjs';

const base = process.env.PACKAGE_BASE;
const phase = process.env.PACKAGE_PHASE;
const shots = process.env.PACKAGE_SHOTS ?? '/tmp';
const state = process.env.PACKAGE_STATE ?? '/tmp/ankara-package-state.json';
const OWNER = { name: 'Ngozi Okafor', email: 'ngozi@example.com', password: 'owner-pass-1' };
// Paystack's shape of keys (the shop's sandbox, standing in for Paystack here, knows such keys).
const PUBLIC = 'pk_test_5f0c3a9e2b7d4c1a8e6f0b3d9c2a7e4f1b8d5c0a';
const SECRET = 'sk_test_9a2c4e6f8b1d3a5c7e9f0b2d4a6c8e1f3b5d7a9c';
const TIMEOUT = 20_000;

let browser;
before(async () => {
  assert.ok(base, 'PACKAGE_BASE names the installed shop');
  browser = await openBrowser();
});
after(async () => browser?.close());

/** The setup code the shop wrote to its log at start. */
function codeFromLog() {
  const log = readFileSync(process.env.PACKAGE_LOG, 'utf8');
  const found = [...log.matchAll(/setup code ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/g)].pop();
  assert.ok(found, `no setup code in the shop's log:\n${log}`);
  return found[1];
}

async function shoot(page, name) {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

test(
  'setup at 360 px with the printed code, keys refused then accepted, the back office, then a purchase',
  { skip: phase !== 'setup' },
  async () => {
    // bypassCSP lets axe be injected (the shop's CSP forbids inline scripts).
    const page = await newPage(browser, SMALL_PHONE, { bypassCSP: true });
    page.setDefaultTimeout(TIMEOUT);
    await withShot(page, 'package-setup', async () => {
      await page.goto(`${base}/`);
      await page.waitForURL(`${base}/setup`);
      await page.getByLabel('Setup code').waitFor();
      await shoot(page, 'setup-360');
      assert.deepEqual(await axeViolations(page), []);
      const wide = await newPage(browser, DESKTOP);
      await wide.goto(`${base}/setup`);
      await wide.getByLabel('Setup code').waitFor();
      await shoot(wide, 'setup-1366');
      await wide.context().close();

      await page.getByLabel('Setup code').fill(codeFromLog().toLowerCase());
      await page.getByLabel('Shop name').fill('Adire House');
      await page.getByLabel('Your name').fill(OWNER.name);
      await page.getByLabel('Your e-mail').fill(OWNER.email);
      await page.getByLabel('Password').fill(OWNER.password);
      await page.getByLabel(/The demo catalogue/).check();
      await page.getByLabel(/My Paystack keys/).check();
      await page.getByLabel('Public key').fill(PUBLIC);
      await page.getByLabel('Secret key').fill('sk_test_not-my-key');
      await page.getByRole('button', { name: 'Open my shop' }).click();
      await page.getByRole('alert').filter({ hasText: 'Paystack refused this secret key' }).waitFor();
      await page.getByLabel('Secret key').fill(SECRET);
      await page.getByRole('button', { name: 'Open my shop' }).click();
      // The shop restarts with its name and keys, and she lands in the back office.
      await page.waitForURL(`${base}/admin/keys?welcome=1`, { timeout: 40_000 });
      await page.getByText('Your shop is open.', { exact: false }).waitFor();
      await page.getByText('Paystack test mode').waitFor();
      await page.getByText('sk_test_••••••••7a9c').waitFor();
      assert.equal(await page.getByText(SECRET).count(), 0, 'the secret key is never shown in full');
      await shoot(page, 'keys-360');
      // The restarted shop carries her shop's name (the server's page head; the app's own titles
      // still say Ankara: its name is built into the front end).
      assert.match(await fetch(`${base}/about`).then((r) => r.text()), /<title>[^<]*Adire House/);
      assert.deepEqual(await axeViolations(page), []);
      const wide2 = await newPage(browser, DESKTOP);
      await wide2.context().addCookies(await page.context().cookies());
      await wide2.goto(`${base}/admin/keys`);
      await wide2.getByText('Paystack test mode').waitFor();
      await shoot(wide2, 'keys-1366');
      await wide2.context().close();

      // A second visit to /setup: gone.
      const again = await page.goto(`${base}/setup`);
      assert.equal(again.status(), 404);
      await page.getByRole('heading', { name: 'This shop is set up already' }).waitFor();
    });

    // A shopper buys a demo product through the payment pop-up (the sandbox, standing in for Paystack).
    const shopper = await newPage(browser, SMALL_PHONE);
    shopper.setDefaultTimeout(TIMEOUT);
    await withShot(shopper, 'package-buy', async () => {
      const featured = await fetch(`${base}/api/products/featured`).then((r) => r.json());
      const product = featured[0];
      assert.ok(product, 'the demo catalogue was loaded at setup');
      await signUp(shopper, base, { name: 'Amaka Shopper', email: `amaka-${Date.now()}@example.com` });
      await shopper.goto(`${base}/product/${product.id}`);
      await shopper.getByRole('heading', { level: 1, name: product.name }).waitFor();
      if (product.sizes.length > 1)
        await shopper.getByRole('radio', { name: product.sizes[0], exact: true }).check({ force: true });
      if (product.colors.length > 1)
        await shopper.getByRole('radio', { name: product.colors[0], exact: true }).check({ force: true });
      await shopper.getByRole('button', { name: 'Add to Bag' }).click();
      await shopper.getByText('Item added to your bag successfully!').waitFor();
      await shopper.goto(`${base}/mybag`);
      await shopper.getByRole('button', { name: 'Proceed to Checkout' }).click();
      const form = shopper.getByRole('form', { name: 'Checkout details' });
      await form.getByLabel('Phone number').fill('0803 123 4567');
      await form.getByLabel('Street address').fill('14 Adeola Odeku Street');
      await form.getByLabel('State', { exact: true }).selectOption('Lagos');
      await form.getByLabel('City').fill('Victoria Island');
      await form.getByRole('button', { name: 'Proceed to Payment' }).click();
      await shopper.getByRole('button', { name: /^Pay ₦/ }).click();
      const popup = shopper.getByRole('dialog', { name: 'Test payment' });
      await popup.getByRole('button', { name: /\(Success\)$/ }).click();
      const success = shopper.getByText(/^Payment successful! Reference: \S+$/);
      await success.waitFor();
      const reference = (await success.innerText()).replace('Payment successful! Reference: ', '').trim();
      const picture = await shopper.evaluate(() => document.querySelector('img[src^="/media/"]')?.getAttribute('src'));
      writeFileSync(state, JSON.stringify({ reference, product: product.id, picture }));
    });
  },
);

test(
  'after the upgrade: her order, settings and pictures are kept, and /setup is still gone',
  { skip: phase !== 'upgraded' },
  async () => {
    const kept = JSON.parse(readFileSync(state, 'utf8'));
    const page = await newPage(browser, SMALL_PHONE);
    page.setDefaultTimeout(TIMEOUT);
    await withShot(page, 'package-upgraded', async () => {
      await page.goto(`${base}/login`);
      await page.getByLabel('Email', { exact: true }).fill(OWNER.email);
      await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const orders = await page.evaluate(async () => (await fetch('/api/admin/orders')).json());
      const list = orders.orders ?? orders.items ?? orders;
      assert.ok(JSON.stringify(list).includes(kept.reference), `the order paid with ${kept.reference} is kept`);
      await page.goto(`${base}/admin/keys`);
      await page.getByText('Paystack test mode').waitFor();
      assert.match(await fetch(`${base}/about`).then((r) => r.text()), /<title>[^<]*Adire House/);
      if (kept.picture) {
        const picture = await fetch(`${base}${kept.picture}`);
        assert.equal(picture.status, 200, `the picture ${kept.picture} is kept`);
      }
      const again = await page.goto(`${base}/setup`);
      assert.equal(again.status(), 404);
    });
  },
);
