import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { partnersPlugin } from './tools/vite-plugin-partners.ts';
import { validatorsPlugin } from './tools/vite-plugin-validators.ts';
import { prerenderPlugin } from './tools/prerender/plugin.ts';
import { buildEnvPlugin } from './tools/vite-plugin-build-env.ts';
import { keepAssetsPlugin } from './tools/keepAssets.ts';
import { messagesPlugin } from './tools/vite-plugin-messages.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// HOMESAFE_PARTNERS_DIR builds from another partners folder (the scale tests and benchmark);
// HOMESAFE_PUBLIC_DIR from another public folder too (the studio test's copy, with its uploads).
const partnersDir = process.env.HOMESAFE_PARTNERS_DIR;
const publicDir = process.env.HOMESAFE_PUBLIC_DIR;
const override = { ...(partnersDir && { partnersDir }), ...(publicDir && { publicDir }) };

/** Chunks that keep their name in their file name (see chunkFileNames). */
const namedChunks =
  /^(index|start|client|react-dom|web-vitals|afterInteractive|ClaimOffer|LazySignupForm|SignupForm|signupValidation|v_[0-9a-f]{16})$/;

export default defineConfig({
  ...(publicDir && { publicDir }),
  plugins: [
    react(),
    // The site's words, compiled to plain functions at build time (src/i18n/words.ts).
    messagesPlugin(),
    partnersPlugin(root, override),
    validatorsPlugin(root, override),
    prerenderPlugin(),
    buildEnvPlugin(),
    // Open tabs keep finding the previous builds' chunks for a week (docs/deploying-notes.md).
    keepAssetsPlugin({ days: 7 }),
  ],
  resolve: {
    // rjsf's Markdown renderer, never used by our forms' plain texts: a stand-in that shows them
    // as they are (src/forms/theme/plainMarkdown.tsx), 30 KB gzip less in the signup form's chunk.
    alias: [
      {
        find: /^markdown-to-jsx\/react$/,
        replacement: fileURLToPath(new URL('src/forms/theme/plainMarkdown.tsx', import.meta.url)),
      },
    ],
  },
  build: {
    rolldownOptions: {
      output: {
        // A lazy chunk's file name rides in every page's first load: the start's and the block
        // renderer's preload lists name each chunk they may fetch. So a chunk is its hash alone
        // (86,665 B brotli of the landing page's first load instead of 87,097), except the start's
        // own chunks and the blocks', whose names the end-to-end tests and the preload rule below
        // look for.
        chunkFileNames: (chunk) =>
          namedChunks.test(chunk.name) || /\/src\/blocks\/[^/]+\//.test(chunk.facadeModuleId ?? '')
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        codeSplitting: {
          groups: [
            {
              // The small modules every page runs at start (React, the JSX runtime and jotai come
              // with them): one chunk instead of a dozen of 40 to 300 bytes, each of which cost
              // its own imports, exports, file and preload name. 1.3 KB brotli less on every
              // page's first load, which pays for the site's words (src/i18n, issue 37).
              name: 'app',
              test: /\/src\/(i18n\/(words\.ts|languageContext\.tsx|languages\.ts|switchHandover\.ts|suggestionDue\.ts)|app\/preloadStart\.ts|ui\/stylesheet\.ts|ui\/(hydration|Spinner|whenNear|whenVisitorActs)\.tsx?|state\/|blocks\/(signupHandler|islandAttribute)\.ts|partner\/shownVersions\.ts|config\/constants\.ts|flows\/signup\/signupFormFor\.ts)/,
            },
          ],
        },
      },
    },
    // One stylesheet for the whole app: prerendered pages inline it (it is small), so no page waits
    // for CSS and no lazy chunk fetches any.
    cssCodeSplit: false,
    // Every browser the site supports knows <link rel="modulepreload">.
    modulePreload: {
      polyfill: false,
      // What runs once the page is idle (src/services/afterInteractive.ts: the page view's
      // measurements, the attribution cookie): nothing to preload, and its chunks' file names stay
      // out of the first-load bytes (the signup's import of it too).
      resolveDependencies: (url, deps, { hostId }) =>
        /(^|\/)afterInteractive-[\w-]+\.js$/.test(url) || /(^|\/)index-[\w-]+\.js$/.test(hostId)
          ? []
          : deps,
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    // `npm run dev` starts the API beside Vite (tools/dev.ts).
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '8787'}` },
  },
  preview: { host: '127.0.0.1' },
});
