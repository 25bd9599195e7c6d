import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { partnersPlugin } from '../tools/vite-plugin-partners.ts';
import { validatorsPlugin } from '../tools/vite-plugin-validators.ts';
import { messagesPlugin } from '../tools/vite-plugin-messages.ts';
import { studioApi } from './server/studioApi.ts';

/**
 * `npm run studio`: the Partner Studio, a development-only app with its own entry (studio/index.html
 * and the preview frame studio/preview.html). The visitor build (vite.config.ts, root index.html)
 * never imports anything under studio/, and the production server knows nothing of it.
 *
 * STUDIO_PROJECT_ROOT names the folder whose partners/, config/ and public/ the studio edits (the
 * tests point it at a temporary copy); it defaults to this repository.
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const projectRoot = resolve(process.env.STUDIO_PROJECT_ROOT ?? repoRoot);
/** The site's API, for the report (`API_PORT`, as `npm run dev` starts it). */
const apiPort = process.env.API_PORT ?? '8787';
/** The running site that "What happens next" links a saved partner's page on (`npm run dev`'s). */
const siteUrl = process.env.STUDIO_SITE_URL ?? 'http://127.0.0.1:5173';

/** The app's plugins without their file watchers: the studio's own saves must not reload it. */
const withoutWatcher = (plugin: Plugin): Plugin => ({ ...plugin, configureServer: undefined });

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The project's public/ is served by the studio API from disk, so new uploads show at once.
  publicDir: false,
  // The page after a save links the partner's page on the running site.
  define: {
    'import.meta.env.STUDIO_SITE_URL': JSON.stringify(siteUrl),
  },
  plugins: [
    react(),
    messagesPlugin(),
    withoutWatcher(partnersPlugin(projectRoot)),
    withoutWatcher(validatorsPlugin(projectRoot)),
    // The results view names the API's address when it is not answering (GET /studio-api/settings).
    studioApi(projectRoot, { apiAddress: `http://127.0.0.1:${apiPort}` }),
  ],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.STUDIO_PORT ?? 5180),
    strictPort: false,
    fs: { allow: [repoRoot] },
    // The editor's writes under partners/, public/, .studio/ and sign-off/ are not source changes.
    watch: {
      ignored: ['**/partners/**', '**/public/**', '**/data/**', '**/.studio/**', '**/sign-off/**'],
    },
    // Test results (GET /api/report) are answered by the studio's own API (studio/server/
    // studioReport.ts): the site's API on this machine when it runs (`npm run dev` or `npm start`
    // on 8787, API_PORT for another port), else the site's database read by the studio itself.
  },
  // Built only by the end-to-end tests (tests/e2e/globalSetup.ts), served by `vite preview` with the
  // same API: both pages of the studio.
  build: {
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        preview: fileURLToPath(new URL('preview.html', import.meta.url)),
      },
    },
  },
  optimizeDeps: {
    entries: ['index.html', 'preview.html'],
    // The results view's chart, imported lazily: bundled at start, or Vite would find it on first
    // use and reload the page (losing nothing, the draft is stored, but jarring).
    include: ['chart.js', 'chartjs-chart-error-bars', 'react-chartjs-2'],
  },
});
