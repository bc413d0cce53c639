/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { routePatterns } from './src/app/routePatterns';
import { FIRST_SCREEN_FACES } from './src/lib/typefaces';

// The API server (cargo run --release) listens on 8080; ANKARA_API points dev/preview elsewhere
// (e.g. the mock in scripts/mock-api.mjs).
const api = process.env.ANKARA_API ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: api, changeOrigin: false },
  '/media': { target: api, changeOrigin: false },
};

/**
 * The app's code starts downloading once the first screen's picture has arrived, not beside it:
 * on a slow phone network the two shared the bandwidth, and the picture (the page's LCP) waited for
 * 100 KB of JavaScript it does not need. The built index.html names the entry and the chunks it
 * preloads in `<meta name="ankara-app">` instead of loading them; src/shell.js loads them when
 * the picture it paints has been painted (at once on pages without one), and preloads the
 * typefaces the first screen draws then (`data-font`: src/lib/typefaces.ts's FIRST_SCREEN_FACES,
 * which the app waits for before its first render), so that render finds them at hand without
 * the fonts sharing the first picture's bandwidth (the shell itself uses fallback faces). The stylesheet
 * stays render-blocking in the head, written into the page itself (see inlineEntryStylesheet).
 * Build only: the dev server keeps Vite's own script tags.
 */
function startAppAfterShellPicture(): Plugin {
  return {
    name: 'ankara-start-app-after-shell-picture',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((name) =>
          FIRST_SCREEN_FACES.some(({ file }) => new RegExp(`/${file}-[\\w-]+\\.woff2$`).test(name)),
        );
        if (fonts.length !== FIRST_SCREEN_FACES.length) {
          throw new Error(
            `the first screen's typefaces are ${FIRST_SCREEN_FACES.length}, the build has ${fonts.length}`,
          );
        }
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) return html;
        const preloads: string[] = [];
        const stripped = html
          .replace(entry[0], '')
          .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href: string) => {
            preloads.push(href);
            return '';
          });
        return stripped.replace(
          '</head>',
          `  <meta name="ankara-app" content="${entry[1]}" data-preload="${preloads.join(' ')}"${fonts.length ? ` data-font="${fonts.map((font) => `/${font}`).join(' ')}"` : ''}>\n  </head>`,
        );
      },
    },
  };
}

/**
 * The shell script (src/shell.js: starts the app once the first picture has been painted) and the
 * icon are written into index.html rather than fetched: on a slow phone network each request of
 * its own before the first picture took a connection of its own beside the picture's, and
 * Lighthouse counts every request that ends before the largest paint in it. The script goes in as
 * it is minus its comment lines (the server allows it by its SHA-256 in the Content-Security-Policy,
 * src/spa.rs); the icon as a `data:` address (the policy's img-src allows `data:`).
 */
function inlineShellScriptAndIcon(): Plugin {
  return {
    name: 'ankara-inline-shell-script-and-icon',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const code = readFileSync(new URL('./src/shell.js', import.meta.url), 'utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line && !line.startsWith('//'))
          .join('\n');
        const icon = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
        return html
          .replace('<script defer src="/shell.js"></script>', `<script>${code}</script>`)
          .replace('href="/favicon.svg"', `href="data:image/svg+xml,${encodeURIComponent(icon)}"`);
      },
    },
  };
}

/** The entry's stylesheet (the global styles and the first pages' components), as Vite names it. */
const ENTRY_CSS = /^assets\/index-[\w-]+\.css$/;

/**
 * The entry's stylesheet is written into index.html as a <style> element instead of a <link>: on a
 * slow phone network the separate request cost a round trip (and a new connection) before the
 * first paint and shared the bandwidth with the first picture. It is about 8 KB gzipped, sent with
 * each full page load (never cached on its own); moving between pages in the app sends no HTML.
 * Its address goes with it (`data-href`), for src/shell.js to add a disabled <link> to the same
 * file, which the browser does not fetch: Vite's loader of lazy pages looks for a stylesheet <link>
 * with that address before it loads the styles a page's chunk depends on (the lazy chunks list the
 * entry's), and without it would load the entry's again after the page's own, overriding them. Not
 * written into the page: Chromium's preload scanner fetched a disabled <link> in the HTML all the
 * same (6 KB at the highest priority, before the first paint, which it delayed by a round trip in
 * Lighthouse's simulation).
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'ankara-inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const link = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/.exec(html);
        const file = link?.[1];
        if (!link || !file) return html;
        const asset = ctx.bundle?.[file];
        if (!ENTRY_CSS.test(file) || asset?.type !== 'asset') {
          throw new Error(`the entry stylesheet ${file} was not found or is not named like ${ENTRY_CSS}`);
        }
        const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style"`);
        return html.replace(link[0], () => `<style data-href="/${file}">${css}</style>`);
      },
    },
  };
}

/**
 * Writes `client-routes.json`: the page addresses of the shop's and the back office's route tables
 * (src/app/routes.tsx, adminRoutes.tsx), read from their source by routePatterns. The server
 * (src/spa.rs) answers exactly these with the app and 200, anything else with 404, so the route
 * table is written once and a new screen is a page on the server the moment it is in the table.
 */
function clientRoutes(): Plugin {
  return {
    name: 'ankara-client-routes',
    apply: 'build',
    generateBundle() {
      const patterns = ['./src/app/routes.tsx', './src/app/adminRoutes.tsx'].flatMap((file) =>
        routePatterns(readFileSync(new URL(file, import.meta.url), 'utf8')),
      );
      if (!patterns.includes('/')) throw new Error('client-routes.json: the route tables were not read');
      this.emitFile({ type: 'asset', fileName: 'client-routes.json', source: JSON.stringify(patterns) });
    },
  };
}

/** Files worth compressing: text, at least the size where compression gains (src/compress.rs). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a Brotli copy (`<file>.br`, at the highest quality) beside every text file of the build,
 * which the server sends to browsers that take it (every current one over HTTPS or to localhost):
 * about 13 % fewer bytes than gzip -9 for the scripts, paid once here instead of at each start.
 * The server gzips the rest itself (src/spa.rs). index.html is a template the server fills in for
 * each page, so it has none.
 */
function brotliCopies(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ankara-brotli-copies',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        const packed = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        if (packed.length < bytes.length) writeFileSync(`${file}.br`, packed);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    startAppAfterShellPicture(),
    inlineEntryStylesheet(),
    inlineShellScriptAndIcon(),
    clientRoutes(),
    brotliCopies(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(new URL('./src/lib/syncExternalStore.ts', import.meta.url)),
      },
    ],
  },
  // Vite 8 transforms TS/JSX with Oxc; the automatic runtime means no `import React` in files.
  oxc: { jsx: { runtime: 'automatic' } },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Shoppers on slow networks: keep the inline-asset limit small so images never bloat JS.
    assetsInlineLimit: 2048,
    // Every browser the shop supports knows <link rel="modulepreload"> (src/shell.js writes
    // them); one that does not fetches the modules as they are imported.
    modulePreload: {
      polyfill: false,
      // The chunks the entry imports (the bundler's runtime, vendor, shared) are loaded before any
      // lazy import can run: naming them again in each lazy import's list of what to preload only
      // cost bytes, in the first page's JavaScript and in every chunk with a lazy import. The
      // page itself (`hostType` html) still names them, for src/shell.js to fetch. The back
      // office's code that the entry asks for (the admin route table, the shopper pages' admin
      // tools) goes without a list: only staff load it, and its list was 176 bytes of every
      // shopper's first page; its files come as the browser reads their imports instead.
      resolveDependencies: (file, deps, { hostId, hostType }) => {
        if (hostType === 'html') return deps;
        if (/^assets\/index-/.test(hostId) && /^assets\/(adminRoutes|slots)-/.test(file)) return [];
        return deps.filter((dep) => !/^assets\/(rolldown-runtime|vendor|shared)-[\w-]+\.js$/.test(dep));
      },
    },
    rolldownOptions: {
      // react-query's "use client" markers mean nothing in a client-only bundle.
      checks: { moduleLevelDirective: false },
      output: {
        // All third-party code the first page needs in one long-cached chunk, rather than
        // several small ones (fewer round trips on slow mobile networks). Likewise the small
        // shared modules that the first page and the lazy pages all import.
        codeSplitting: {
          groups: [
            // With the bundler's own runtime (a chunk of its own otherwise: one more request).
            // Not the counter's QR and barcode makers: only its screens load them, when used.
            { name: 'vendor', test: /node_modules[\\/](?!(?:qrcode|dijkstrajs|jsbarcode)[\\/])|rolldown[\\/]runtime/ },
            {
              name: 'shared',
              test: /\/src\/(lib\/(api|money|queryKeys|collections|saveData|site)\.ts|components\/(icons|ResponsiveImage)\.tsx)$/,
            },
            // A price and the currency it is shown in (issue 41): what every page with a price
            // needs, and no first page draws, so one lazy chunk (one name in the first page's
            // list of chunks, not three), fetched with the first price.
            {
              name: 'prices',
              test: /\/src\/(components\/(Price|SalePrice)\.tsx|lib\/shownCurrency\.ts)$/,
            },
            // The shopper's choice of currency: the footer's chooser and what it reads, fetched
            // once she scrolls (or opens the checkout), as one chunk.
            { name: 'currency', test: /\/src\/(components\/CurrencyChooser\.tsx|lib\/currency\.ts)$/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Files share their worker's module graph and DOM (restoreMocks and the setup file's cleanup
    // leave nothing between tests), one worker per core: 146 s became 34 s on two cores.
    isolate: false,
    maxWorkers: '100%',
    // A page test renders the whole app; on a busy two-core machine one took 5.6 s.
    testTimeout: 20_000,
  },
});
