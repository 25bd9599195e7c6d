import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { budgetsFile, loadBudgets, overByteBudget } from '../../tools/perf/budgets.ts';
import { firstLoad } from '../../tools/perf/firstLoad.ts';
import { pagesToPrerender } from '../../tools/prerender/pages.ts';

/*
 * Issue 22: the byte budgets (config/budgets.json) hold on every prerendered page of every partner,
 * read from the build this run made once (globalSetup): the JavaScript a page loads before any
 * interaction, as the server sends it (brotli) and gzipped. Bytes do not vary with the host, so
 * this runs in CI; the timed limits are the bench's (`npm run bench`).
 */
const root = new URL('../..', import.meta.url).pathname;
const { partners } = loadConfig({ root });
const distDir = inject('distDir');
const budgets = loadBudgets(root);
const pages = pagesToPrerender(partners);

describe(`every prerendered page is within ${budgetsFile}`, () => {
  it.each(pages.map((page) => [`${page.hostname}${page.path}`, page] as const))(
    '%s',
    (_name, page) => {
      const load = firstLoad(readFileSync(join(distDir, page.file), 'utf8'), distDir);
      // Boot script, entry, React DOM at the least: a page naming nothing would pass for free.
      expect(load.scripts.length).toBeGreaterThan(2);
      expect(overByteBudget(page, load, budgets)).toEqual([]);
    },
  );
});
