// The byte budget (issue 40): what a phone downloads per visit pattern, counted byte for byte by a
// proxy in front of the shop (visits.mjs, the same measure as bench/bytes.mjs), must stay within
// the targets. Bytes are deterministic (same demo shop, same build), so a page that grows past its
// budget fails here, naming what it fetched.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { openBrowser, startShop } from './harness.mjs';
import { byKind, measureVisits } from './visits.mjs';

/** Bytes (1 KB = 1,000 bytes) each visit pattern may cost. */
export const BUDGETS = {
  firstHome: 200_000,
  secondHome: 30_000,
  product: 120_000,
  session: 800_000,
  saveData: 120_000,
};

/** The first page's JavaScript, gzip -9 (what bench/lighthouse.sh prints beside the same target). */
export const FIRST_PAGE_JS = 100_000;

let shop;
let browser;
let results;

before(async () => {
  shop = await startShop();
  browser = await openBrowser();
  // Behind Caddy (the production set-up of the test command) the proxy counts the shop's own
  // answers: TLS and HTTP/2 framing are Caddy's, not the page's.
  results = await measureVisits(browser, shop.direct ?? shop.base);
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

function describe(result) {
  const kinds = Object.entries(byKind(result.requests))
    .map(([kind, bytes]) => `${kind} ${bytes}`)
    .join(', ');
  const largest = [...result.requests]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8)
    .map((r) => `${r.bytes} ${r.path}`)
    .join('; ');
  return `${result.bytes} bytes (${kinds}); largest: ${largest}`;
}

for (const [name, budget] of Object.entries(BUDGETS)) {
  test(`a phone's ${name} visit stays within ${budget / 1000} KB`, () => {
    const result = results[name];
    assert.ok(result && result.requests.length > 0, `${name} was measured`);
    assert.ok(result.bytes <= budget, `${name}: ${describe(result)} is over its budget of ${budget} bytes`);
  });
}

test("pictures are WebP at the phone's width, and Save-Data fetches no typeface and no picture ahead", () => {
  const first = results.firstHome.requests.map((r) => r.path);
  const hero = first.find((path) => path.startsWith('/media/hero/'));
  assert.match(hero ?? '', /-720\.webp$/, `the first hero picture at 720 px (360 CSS px at DPR 2): ${first.join(' ')}`);
  assert.equal(first.filter((path) => path.startsWith('/media/hero/')).length, 1, 'slides 2 and 3 wait for their turn');
  const saving = results.saveData.requests.map((r) => r.path);
  assert.deepEqual(
    saving.filter((path) => path.endsWith('.woff2')),
    [],
    'no typeface is fetched while saving data',
  );
  assert.match(saving.find((path) => path.startsWith('/media/hero/')) ?? '', /-360\.webp$/, 'one pixel per CSS pixel');
  assert.ok(!saving.some((path) => path.startsWith('/media/releases/')), 'no release picture before it is shown');
});

test('the stylesheet written into the page is never fetched again', () => {
  // Its disabled twin (for Vite's loader of lazy pages) is made by the shell script: written into
  // the HTML, Chromium's preload scanner fetched it before the first paint.
  for (const [name, result] of Object.entries(results)) {
    const paths = result.requests.map((r) => r.path);
    assert.ok(paths.length > 0, `${name} was measured`);
    assert.deepEqual(
      paths.filter((path) => /^\/assets\/index-[\w-]+\.css/.test(path)),
      [],
      `${name} fetched the entry stylesheet`,
    );
  }
});

test(`the first page's JavaScript stays within ${FIRST_PAGE_JS / 1000} KB gzip`, async () => {
  // As bench/lighthouse.sh counts it: the scripts the shell HTML names (its entry and the chunks it
  // preloads, in <meta name="ankara-app">) and the shell script written into the page, each
  // gzipped at level 9.
  const base = shop.direct ?? shop.base;
  const html = await (await fetch(`${base}/`)).text();
  const files = [...new Set(html.match(/\/assets\/[^" ]+\.js/g) ?? [])];
  assert.ok(files.length > 2, `the shell names the app's scripts: ${files.join(' ')}`);
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  assert.equal(inline.length, 1, 'the shell script is in the page');
  const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
  const sizes = [
    ...(await Promise.all(
      files.map(async (path) => [path, gzip(Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer()))]),
    )),
    ['the shell script', gzip(Buffer.from(inline[0]))],
  ];
  const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
  assert.ok(
    total <= FIRST_PAGE_JS,
    `${total} bytes gzip: ${sizes.map(([path, bytes]) => `${bytes} ${path}`).join('; ')}`,
  );
});
