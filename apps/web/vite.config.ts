import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * `i18next` and `react-i18next` resolve to the part of them the app uses (src/lib/small-i18n.ts, about 16 KB
 * less gzipped on the first page: docs/decisions/043); their types still check every key. Shared with the
 * web unit tests (vitest.config.ts), so they run what the browser and the server's renderer run.
 */
export const smallI18nAliases = [
  { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/lib/small-i18n.ts', import.meta.url)) },
  {
    find: /^react-i18next$/,
    replacement: fileURLToPath(new URL('./src/lib/small-i18n.ts', import.meta.url)),
  },
];

const webPort = Number(process.env.WEB_PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      ...smallI18nAliases,
      {
        // React 19 has the hook the shim stands in for (react-i18next imports the shim): 0.4 KB less on
        // the first page (docs/decisions/032).
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    // scripts/report-bundle-size.mjs follows the manifest from the entry to its static imports.
    manifest: true,
    // Every browser the site supports follows <link rel="modulepreload"> itself: no polyfill in the bundle.
    modulePreload: { polyfill: false },
    // The production CSP may not allow data: URLs, so every asset stays a real file.
    assetsInlineLimit: 0,
    // scripts/report-bundle-size.mjs enforces the real limit (gzipped home-page JavaScript).
    chunkSizeWarningLimit: 800,
    // Terser writes the first page's JavaScript about 2 % smaller than esbuild, at a slower build
    // (docs/decisions/028); every phone downloads and parses it, the build runs once.
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
  },
  // The server-side renderer (src/entry-server.tsx, docs/decisions/017) is one self-contained file the API
  // server imports: every dependency bundled in, so nothing is resolved from node_modules at run time.
  ssr: { noExternal: true },
  server: {
    port: webPort,
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/images': apiTarget,
      '/sitemap.xml': apiTarget,
      '/robots.txt': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
