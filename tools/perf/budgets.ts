import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import budgetsSchema from '../../schemas/budgets.schema.json' with { type: 'json' };
import type { PerformanceBudgets } from '../../src/config/generated/budgets.ts';
import type { PrerenderPage } from '../prerender/pages.ts';
import type { FirstLoad } from './firstLoad.ts';
import { medianOf } from './median.ts';

/**
 * The performance budgets (config/budgets.json, schemas/budgets.schema.json) and their checks.
 * Bytes come from the build output and are checked by `npm test`; the lab figures (TBT, LCP
 * against the floor, CLS, score) only by `npm run bench`.
 */
export const budgetsFile = 'config/budgets.json';

export function loadBudgets(root: string): PerformanceBudgets {
  const text = readFileSync(join(root, budgetsFile), 'utf8');
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile<PerformanceBudgets>(budgetsSchema);
  const data: unknown = JSON.parse(text);
  if (!validate(data)) {
    const problems = (validate.errors ?? [])
      .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
      .join('; ');
    throw new Error(`${budgetsFile} does not match schemas/budgets.schema.json: ${problems}`);
  }
  return data;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Where a page is over its first-load budget, one sentence per figure; empty when within. */
export function overByteBudget(
  page: Pick<PrerenderPage, 'kind' | 'path' | 'hostname' | 'partner'>,
  load: Pick<FirstLoad, 'brotliBytes' | 'gzipBytes'>,
  budgets: PerformanceBudgets,
): string[] {
  const limits = budgets.firstLoadJs[page.kind];
  const name = `${page.hostname}${page.path} (${page.partner} ${page.kind})`;
  const figures = [
    ['brotli (transferred)', load.brotliBytes, limits.brotliBytes],
    ['gzip', load.gzipBytes, limits.gzipBytes],
  ] as const;
  return figures
    .filter(([, bytes, limit]) => bytes > limit)
    .map(
      ([what, bytes, limit]) =>
        `${name}: first-load JS ${what} ${bytes} B (${kb(bytes)}) is over the limit of ${limit} B (${kb(limit)})`,
    );
}

/** One page's lab figures, as the bench measures them. */
export interface LabFigures {
  name: string;
  tbtRunsMs: readonly number[];
  performance: number;
  lcpOverFloor: number;
  cls: number;
}

/** Where a page is over its lab budget (TBT median, score, LCP against the floor, CLS). */
export function overLabBudget(page: LabFigures, budgets: PerformanceBudgets): string[] {
  const { lab } = budgets;
  const tbt = medianOf(page.tbtRunsMs);
  const problems: string[] = [];
  if (page.tbtRunsMs.length < lab.runs)
    problems.push(`${page.name}: ${page.tbtRunsMs.length} runs, the budget asks for ${lab.runs}`);
  if (!(tbt <= lab.tbtMedianMs))
    problems.push(`${page.name}: TBT median ${Math.round(tbt)} ms over ${lab.tbtMedianMs} ms`);
  if (!(page.performance >= lab.performanceMin))
    problems.push(`${page.name}: performance ${page.performance} under ${lab.performanceMin}`);
  if (!(page.lcpOverFloor <= lab.lcpOverFloorMax))
    problems.push(
      `${page.name}: LCP ${page.lcpOverFloor.toFixed(2)} x the floor, over ${lab.lcpOverFloorMax}`,
    );
  if (!(page.cls <= lab.clsMax))
    problems.push(`${page.name}: CLS ${page.cls.toFixed(3)} over ${lab.clsMax}`);
  return problems;
}
