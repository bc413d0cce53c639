// The bytes a phone downloads per visit pattern (issue 40), each beside its target, with what they
// were spent on. Starts $ANKARA_BIN on a fresh demo shop (or measures BASE=http://… if given) and
// drives Debian's Chromium through a counting proxy (frontend/e2e/visits.mjs).
//
//   node bench/bytes.mjs            # the figures
//   VERBOSE=1 node bench/bytes.mjs  # and every request of every visit
import { measureVisits, byKind } from "../frontend/e2e/visits.mjs";
import { startShop, openBrowser } from "../frontend/e2e/harness.mjs";

export const TARGETS = {
  firstHome: { label: "first visit, home (empty cache)", kb: 200 },
  secondHome: { label: "second visit, home", kb: 30 },
  product: { label: "a product opened from home", kb: 120 },
  session: { label: "10-page session, first visit", kb: 800 },
  saveData: { label: "first visit, home, Save-Data: on", kb: 120 },
};

const shop = process.env.BASE ? null : await startShop();
const base = process.env.BASE ?? shop.direct ?? shop.base;
const browser = await openBrowser();
try {
  const results = await measureVisits(browser, base);
  const kb = (bytes) => (bytes / 1000).toFixed(1);
  console.log(
    `Bytes the shop sent, by visit (a phone 360x740 at DPR 2, counted by a proxy; ${base})`,
  );
  console.log(
    `  ${"visit".padEnd(36)} ${"KB".padStart(7)} ${"target".padStart(8)}   html    js   css  font   api media other`,
  );
  for (const [name, { label, kb: target }] of Object.entries(TARGETS)) {
    const result = results[name];
    if (!result) continue;
    const kinds = byKind(result.requests);
    const ok = result.bytes <= target * 1000 ? "ok" : "OVER";
    console.log(
      `  ${label.padEnd(36)} ${kb(result.bytes).padStart(7)} ${`<= ${target}`.padStart(8)} ${ok.padEnd(4)}` +
        Object.values(kinds)
          .map((b) => kb(b).padStart(6))
          .join(""),
    );
    if (process.env.VERBOSE) {
      for (const r of result.requests)
        console.log(`      ${kb(r.bytes).padStart(7)}  ${r.method} ${r.path}`);
    }
  }
} finally {
  await browser.close();
  await shop?.stop();
}
