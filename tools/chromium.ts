import { existsSync } from 'node:fs';

/** Launch options for the Debian chromium every browser test and script shares (no outside calls). */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--font-render-hinting=none',
];

export const chromiumLaunchOptions = { executablePath: chromiumExecutable, args };

/**
 * Debian's old headless shell (package chromium-headless-shell, the same Blink as chromium), where
 * installed. The browser the end-to-end tests drive: their pages cost about 30% less of the
 * machine than in the full browser's headless mode (measured side by side: the keyboard, prerender
 * and WCAG files, 280 s summed in chromium, 194 s in the shell). Not for the visual tests, whose
 * baselines are the full browser's rendering (the shell antialiases text differently), nor for
 * what a partner manager or the bench runs. The browser project's tests run in one page that Vite
 * feeds, and took the same time in either (107 and 113 s summed), so they stay in chromium.
 * TEST_CHROMIUM_PATH overrides; without the shell, the tests run in chromium as before.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const testChromiumExecutable =
  process.env.TEST_CHROMIUM_PATH ??
  (process.env.CHROMIUM_PATH === undefined && existsSync(headlessShell)
    ? headlessShell
    : chromiumExecutable);

export const testChromiumLaunchOptions = { executablePath: testChromiumExecutable, args };
