// Test harness for the browser end-to-end suites: boots the real release binary on a free port
// with a fresh data directory, and launches Debian's Chromium through playwright-core.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const MOBILE = { width: 412, height: 823 };
/** A small phone. */
export const SMALL_PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1366, height: 768 };
const BIN = resolve(REPO, process.env.ANKARA_BIN ?? 'target/release/ankara');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A demo picture from the repository, for upload fields. */
export function demoImage(name = 'sneakers-1-a-320.jpg') {
  return join(REPO, 'data/demo/images', name);
}

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

function run(args, env) {
  return new Promise((ok, fail) => {
    const child = spawn(BIN, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`ankara ${args.join(' ')}: ${err}`))));
  });
}

/**
 * Starts a shop. `demo: false` starts it empty (six collections, no products); `env` adds
 * environment settings (say, an SMTP server that is down).
 */
export async function startShop({ demo = true, env: extra = {} } = {}) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run cargo build --release first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'ankara-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    ANKARA_LISTEN: `127.0.0.1:${port}`,
    ANKARA_DATA_DIR: dataDir,
    ANKARA_NO_DEMO: demo ? '' : '1',
    RUST_LOG: 'warn',
    ...extra,
  };
  if (demo) delete env.ANKARA_NO_DEMO;
  const child = spawn(BIN, [], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited at start: ${log}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the shop did not answer within 20 s: ${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    dataDir,
    /** Messages in the mail outbox, oldest first: [{name, text}]. */
    outbox() {
      const dir = join(dataDir, 'outbox');
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .sort()
        .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
    },
    /**
     * Makes an existing account staff with the merchant command (takes effect at the next
     * refresh): an owner unless told, since the command's own default makes every admin after
     * the first a manager, who may not open Settings.
     */
    grantAdmin(email, role = 'owner') {
      return run(['admin', 'grant', email, '--role', role], env);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches Chromium; `extraArgs` are added to the usual headless flags. */
export function openBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...extraArgs,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A fresh page with its own cookies at the given viewport; `options` go to the browser context
 * (`{ bypassCSP: true }` lets axeViolations inject axe: the shop's CSP forbids inline scripts).
 */
export async function newPage(browser, viewport = DESKTOP, options = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  return page;
}

/**
 * A fresh page that lets a test inject axe (bypassCSP: the shop's CSP forbids inline scripts),
 * its page errors recorded in `page.errors`. With a reduced-motion preference: axe measures
 * colours, and a part fading in (a collection card mid-way on a busy run) is not the colour it
 * settles at.
 */
export async function axePage(browser, viewport = DESKTOP, timeout = 15_000) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** JSON from the API as the page's signed-in user (its cookies, the write header): {status, body}. */
export function apiAs(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'ankara' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

/**
 * The shopper on `page` (a guest, when the shop allows it, or signed in) buys one of `product`
 * (its first variant in stock, or `variant`) with the Paystack sandbox's card, delivered to
 * `address`; answers the verified order.
 */
export async function buyWithTestCard(
  page,
  product,
  customer,
  address,
  variant = product.variants.find((v) => v.available > 0),
) {
  const answer = await page.evaluate(
    async ({ productId, size, color, customer, address }) => {
      const post = async (path, body) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'ankara' },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
        return text ? JSON.parse(text) : null;
      };
      await post('/api/bag', { productId, size, color, quantity: 1 });
      const start = await post('/api/checkout', { customer, address, method: 'delivery', code: null });
      await post(`/api/sandbox/checkout/${encodeURIComponent(start.accessCode)}`, { outcome: 'success' });
      return (await post('/api/payments/verify', { reference: start.reference })).data;
    },
    { productId: product.id, size: variant.size, color: variant.color, customer, address },
  );
  if (!answer.success) throw new Error(`the test payment did not complete: ${JSON.stringify(answer)}`);
  return answer.order;
}

/** Signs a user up through the API from inside the page (so the page gets the cookie). */
export async function signUp(page, base, { name = 'Test Shopper', email, password = 'secret123' }) {
  const picture = readFileSync(demoImage()).toString('base64');
  if (!page.url().startsWith(base)) await page.goto(`${base}/about`);
  const status = await page.evaluate(
    async ({ name, email, password, picture }) => {
      const bytes = Uint8Array.from(atob(picture), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.set('displayName', name);
      form.set('email', email);
      form.set('password', password);
      form.set('confirmPassword', password);
      form.set('photo', new File([bytes], 'me.jpg', { type: 'image/jpeg' }));
      const res = await fetch('/api/auth/signup', {
        method: 'POST',
        body: form,
        headers: { 'X-Requested-With': 'ankara' },
      });
      return res.status;
    },
    { name, email, password, picture },
  );
  if (status !== 200) throw new Error(`signup of ${email} answered ${status}`);
}

/**
 * Runs `body` with the page's refused API calls recorded; on failure keeps a screenshot in /tmp
 * and names those calls (a stray 401 signs the page out, which explains many a timeout).
 */
export async function withShot(page, name, body) {
  const refused = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && res.status() >= 400) {
      refused.push(`${res.request().method()} ${url.pathname} ${res.status()}`);
    }
  });
  try {
    await body();
  } catch (error) {
    const path = `/tmp/ankara-e2e-${name}.png`;
    await page.screenshot({ path, fullPage: true }).catch(() => undefined);
    error.message += `\n(screenshot: ${path}; url: ${page.url()}; refused API calls: ${JSON.stringify(refused)}; page errors: ${JSON.stringify(page.errors)})`;
    throw error;
  }
}

/** The demo's featured products, and one of them with several sizes and colours to choose from. */
/** ₦ with thousands separators and two decimals, from kobo. */
export function naira(kobo) {
  const whole = Math.floor(kobo / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `₦${whole}.${String(kobo % 100).padStart(2, '0')}`;
}

export async function featuredProducts(base) {
  const featured = await fetch(`${base}/api/products/featured`).then((r) => r.json());
  const choosy = featured.find((p) => p.sizes.length > 1 && p.colors.length > 1);
  if (!choosy) throw new Error('the demo catalogue has no featured product with sizes and colours');
  return { featured, choosy };
}

/** Signs a new account up in `page`, makes it an admin with the merchant command and refreshes the token. */
export async function signInAsAdmin(page, shop) {
  const email = `admin-${Date.now()}@example.com`;
  await signUp(page, shop.base, { name: 'Chidi Admin', email });
  await shop.grantAdmin(email);
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/auth/refresh', { method: 'POST', headers: { 'X-Requested-With': 'ankara' } });
    return res.status;
  });
  if (status !== 200) throw new Error(`token refresh after the admin grant answered ${status}`);
}

const AXE_SOURCE = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), '../node_modules/axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's serious and critical violations on the page as it is now: [{id, impact, targets}]. */
export async function axeViolations(page) {
  // Colours caught halfway through a transition or an entrance animation (a hover fading out, a
  // card fading in) are not the page's colours: let the finite ones finish first.
  // One that starts a frame later (a class an observer adds) is waited for too: the page is
  // looked at again until two frames pass with none running.
  await page.evaluate(async () => {
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let round = 0; round < 5; round += 1) {
      await frames();
      const running = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
}

// ANKARA_E2E_PROXY=caddy (scripts/caddy-e2e.sh with CADDY_E2E_BROWSER=1): every shop runs behind its
// own Caddy with HTTPS, as in production, and startShop answers Caddy's https:// URL as `base`.
if (process.env.ANKARA_E2E_PROXY) {
  const proxy = await import('../../scripts/e2e-proxy.mjs');
  // eslint-disable-next-line no-func-assign
  ({ startShop, openBrowser } = proxy.install({ startShop, openBrowser, freePort }));
}

/**
 * One demo shop and one browser for a whole test file: started before its first test, stopped
 * after its last. The two are handed back at once, as stand-ins that reach the real ones once
 * `before` has run (tests use them as they would the shop and the browser themselves).
 */
export function shopAndBrowserForThisFile() {
  const started = {};
  before(async () => {
    started.shop = await startShop();
    started.browser = await openBrowser();
  });
  after(async () => {
    await started.browser?.close();
    await started.shop?.stop();
  });
  const standIn = (key) =>
    new Proxy(
      {},
      {
        get(_, name) {
          const real = started[key];
          if (!real) throw new Error(`the ${key} is used before the file's before() started it`);
          const value = real[name];
          return typeof value === 'function' ? value.bind(real) : value;
        },
      },
    );
  return { shop: standIn('shop'), browser: standIn('browser') };
}
