import { chromium, type Browser } from 'playwright-core';
import { testChromiumLaunchOptions } from '../../tools/chromium.ts';

/**
 * One Chromium per end-to-end worker, shared by the files it runs one after another (the e2e
 * projects share a worker's modules: vitest.config.ts), instead of a launch and a close per file:
 * about 0.6 CPU seconds each, over 25 files. Each file gets it through its harness and closes the
 * contexts it opened when it ends (`releaseWorkerBrowser`), so no page of one file lives on into
 * the next. A browser that crashed or was closed is launched again for the next file.
 */
let launched: Promise<Browser> | undefined;

export function workerBrowser(): Promise<Browser> {
  launched ??= chromium.launch(testChromiumLaunchOptions).then((browser) => {
    browser.on('disconnected', () => {
      launched = undefined;
    });
    return browser;
  });
  const starting = launched;
  // A launch that failed is tried anew by the next file, not handed to it.
  starting.catch(() => {
    if (launched === starting) launched = undefined;
  });
  return starting;
}

/** Closes every context the file left open in the shared browser (the browser itself stays). */
export async function releaseWorkerBrowser(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}
