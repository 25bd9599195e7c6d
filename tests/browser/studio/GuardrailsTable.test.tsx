import axe from 'axe-core';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../studio/src/studio.css';
import { GuardrailsTable } from '../../../studio/src/results/GuardrailsTable.tsx';
import { pageGuardrails, pageViewCounts } from '../../../server/report/guardrails.ts';
import type { GuardrailCount } from '../../../server/storage/repository.ts';
import { cleanup, mount } from '../support/render.tsx';

/*
 * The studio's guardrails section (issue 28, item 4) from the report's own aggregation: a variant
 * whose pages paint clearly later is flagged in words above the numbers, each version's 75th
 * percentiles and error share are in a table named by its caption, and axe finds nothing.
 */
afterEach(cleanup);

function views(variant: string, day: string, lcp: number, count: number, erred = 0) {
  const rows: GuardrailCount[] = [];
  for (let n = 0; n < count; n += 1) {
    rows.push(
      ...pageViewCounts(
        {
          partner: 'showcase',
          page: 'landing',
          version: variant,
          // A spread of paints around `lcp`, the same for every run.
          lcp: lcp * (0.7 + (0.6 * n) / count),
          inp: 40 + (n % 5) * 10,
          cls: n % 10 === 0 ? 0.05 : 0,
          errors: n < erred ? 1 : 0,
        },
        day,
      ),
    );
  }
  return rows;
}

describe('GuardrailsTable', () => {
  it('flags a clearly slower variant in words, and shows each version’s numbers', async () => {
    const guardrails = pageGuardrails([
      ...views('control', '2026-05-01', 1500, 150, 2),
      ...views('control', '2026-05-02', 1500, 150, 1),
      ...views('fewer-falls', '2026-05-01', 2200, 140, 2),
      ...views('fewer-falls', '2026-05-02', 2200, 160, 3),
    ]);
    const root = mount(
      <GuardrailsTable
        page={{ pageKey: 'landing', guardrails }}
        title="Home page"
        idBase="landing-guardrails"
        pageHeadingId="landing-heading"
      />,
      { width: '900px' },
    );
    await act(async () => {});
    const flags = root.querySelector('[data-testid="guardrail-flags"]')?.textContent ?? '';
    expect(flags).toMatch(
      /^Warning: fewer-falls is slower: its largest paint \(LCP\) at the 75th percentile is [\d,]+ ms against [\d,]+ ms for the control/,
    );
    const rows = [...root.querySelectorAll('table')][0]?.querySelectorAll('tbody tr') ?? [];
    expect([...rows].map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Control (page as written)',
      'fewer-falls',
    ]);
    expect(rows[1]?.textContent).toContain('300');
    expect(rows[1]?.textContent).toMatch(/1\.7% ?\(5 of 300\)/);
    expect(root.querySelectorAll('table')[1]?.querySelectorAll('tbody tr')).toHaveLength(4);
    expect(root.querySelector('caption')?.textContent).toBe(
      'Home page: speed and script errors per version (75th percentile of page views)',
    );
    const results = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag22aa'] });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says so when no page view was measured', async () => {
    const root = mount(
      <GuardrailsTable
        page={{ pageKey: 'landing' }}
        title="Home page"
        idBase="g"
        pageHeadingId="h"
      />,
    );
    await act(async () => {});
    expect(root.textContent).toContain('No page view of this page has been measured yet.');
  });
});
