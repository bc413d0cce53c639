/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

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
 * preloads in `<meta name="ankara-app">` instead of loading them; public/shell.js loads them when
 * the picture it paints has been painted (at once on pages without one), and preloads the heading
 * typeface then (DM Serif Display, latin, its one weight: `data-font`), so the headings the app
 * draws swap to it early without the font sharing the first picture's bandwidth. The stylesheet
 * stays render-blocking in the head. Build only: the dev server keeps Vite's own script tags.
 */
function startAppAfterShellPicture(): Plugin {
  return {
    name: 'ankara-start-app-after-shell-picture',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((name) =>
          /dm-serif-display-latin-400-normal-[\w-]+\.woff2$/.test(name),
        );
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
          `  <meta name="ankara-app" content="${entry[1]}" data-preload="${preloads.join(' ')}"${font ? ` data-font="/${font}"` : ''}>\n  </head>`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [startAppAfterShellPicture()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // Vite 8 transforms TS/JSX with Oxc; the automatic runtime means no `import React` in files.
  oxc: { jsx: { runtime: 'automatic' } },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // Shoppers on slow networks: keep the inline-asset limit small so images never bloat JS.
    assetsInlineLimit: 2048,
    rolldownOptions: {
      // react-query's "use client" markers mean nothing in a client-only bundle.
      checks: { moduleLevelDirective: false },
      output: {
        // All third-party code the first page needs in one long-cached chunk, rather than
        // several small ones (fewer round trips on slow mobile networks). Likewise the small
        // shared modules that the first page and the lazy pages all import.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/ },
            { name: 'shared', test: /\/src\/lib\/(api|money|queryKeys)\.ts$/ },
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
    // A page test renders the whole app; on a busy two-core machine one took 5.6 s.
    testTimeout: 20_000,
  },
});
