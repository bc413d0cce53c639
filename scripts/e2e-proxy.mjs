// The browser suite behind Caddy: frontend/e2e/harness.mjs loads this module when
// ANKARA_E2E_PROXY=caddy (scripts/caddy-e2e.sh with CADDY_E2E_BROWSER=1 sets it) and replaces its
// startShop and openBrowser with the ones install() returns:
//   - startShop starts the shop as before, with ANKARA_PUBLIC_URL=https://localhost:PORT and
//     ANKARA_TRUSTED_PROXIES=127.0.0.1,::1, then a Caddy on localhost:PORT (tls internal, the proxy
//     block of deploy/Caddyfile, admin API off) in front of it, and answers Caddy's https:// URL as
//     `base`; stop() stops both;
//   - openBrowser's contexts accept Caddy's local certificate (ignoreHTTPSErrors).
// Node's own fetch must trust Caddy's local root: start node with NODE_EXTRA_CA_CERTS pointing at
// $XDG_DATA_HOME/caddy/pki/authorities/local/root.crt, and keep XDG_DATA_HOME the same for every
// Caddy (scripts/caddy-e2e.sh makes the CA first), so that every shop is signed by that one root.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function ready(url) {
  return new Promise((ok) => {
    const req = request(
      url,
      { rejectUnauthorized: false, timeout: 2000 },
      (res) => {
        res.resume();
        ok(res.statusCode === 200);
      },
    );
    req.on("error", () => ok(false));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

async function startCaddy(shopPort, caddyPort) {
  const caddyfile = readFileSync(join(REPO, "deploy/Caddyfile"), "utf8");
  const block = caddyfile.match(/# proxy:begin[\s\S]*# proxy:end/);
  if (!block)
    throw new Error("deploy/Caddyfile has no proxy:begin/proxy:end block");
  const dir = mkdtempSync(join(tmpdir(), "ankara-e2e-caddy-"));
  const config = join(dir, "Caddyfile");
  writeFileSync(
    config,
    `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n}\nlocalhost:${caddyPort} {\n\tbind 127.0.0.1 ::1\n\ttls internal\n` +
      `\trespond /__ops_ready 200\n${block[0].replaceAll("127.0.0.1:8080", `127.0.0.1:${shopPort}`)}\n}\n`,
  );
  const env = {
    ...process.env,
    XDG_DATA_HOME: process.env.XDG_DATA_HOME ?? dir,
    XDG_CONFIG_HOME: dir,
  };
  const child = spawn(
    "caddy",
    ["run", "--config", config, "--adapter", "caddyfile"],
    { env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  child.stderr.on("data", (d) => (log = (log + d).slice(-4000)));
  const deadline = Date.now() + 20_000;
  while (!(await ready(`https://localhost:${caddyPort}/__ops_ready`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`Caddy did not start on ${caddyPort}: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) =>
        child.exitCode !== null ? r() : child.once("exit", r),
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function install({ startShop, openBrowser, freePort }) {
  if (process.env.ANKARA_E2E_PROXY !== "caddy")
    throw new Error(
      `ANKARA_E2E_PROXY=${process.env.ANKARA_E2E_PROXY}: only "caddy" is known`,
    );
  return {
    async startShop(options) {
      const caddyPort = await freePort();
      const saved = {
        url: process.env.ANKARA_PUBLIC_URL,
        proxies: process.env.ANKARA_TRUSTED_PROXIES,
      };
      process.env.ANKARA_PUBLIC_URL = `https://localhost:${caddyPort}`;
      process.env.ANKARA_TRUSTED_PROXIES = "127.0.0.1,::1";
      let shop;
      try {
        shop = await startShop(options);
      } finally {
        for (const [name, value] of [
          ["ANKARA_PUBLIC_URL", saved.url],
          ["ANKARA_TRUSTED_PROXIES", saved.proxies],
        ]) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      }
      const shopPort = Number(new URL(shop.base).port);
      let caddy;
      try {
        caddy = await startCaddy(shopPort, caddyPort);
      } catch (error) {
        await shop.stop();
        throw error;
      }
      const stopShop = shop.stop.bind(shop);
      shop.direct = shop.base;
      shop.base = `https://localhost:${caddyPort}`;
      shop.stop = async () => {
        await caddy.stop();
        await stopShop();
      };
      return shop;
    },
    async openBrowser() {
      // Chromium refuses service workers on an origin whose certificate it does not trust, even
      // with ignoreHTTPSErrors; the flag makes Caddy's local certificate count as valid.
      const browser = await openBrowser(["--ignore-certificate-errors"]);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (options = {}) =>
        newContext({ ignoreHTTPSErrors: true, ...options });
      return browser;
    },
  };
}
