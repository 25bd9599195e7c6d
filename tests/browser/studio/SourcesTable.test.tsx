import axe from 'axe-core';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../studio/src/studio.css';
import { SourcesTable } from '../../../studio/src/results/SourcesTable.tsx';
import { buildSourceReport } from '../../../server/report/sourceReport.ts';
import { cleanup, mount } from '../support/render.tsx';

/*
 * The studio's results by source (issue 35, item 2) from the report's own rows: one table row per
 * source with the signups, orders, revenue and the share who paid with its intervals, a choice of
 * the visit credited that asks for the other touch, and axe finds nothing.
 */
afterEach(cleanup);

const sources = buildSourceReport(
  [
    {
      partnerId: 'demo',
      channel: '["newsletter","email","spring"]',
      signups: 4,
      converted: 3,
      orders: 4,
      revenue: [{ currency: 'usd', amountCents: 30000 }],
    },
    { partnerId: 'demo', channel: null, signups: 2, converted: 0, orders: 0, revenue: [] },
    {
      partnerId: 'other',
      channel: '["x",null,null]',
      signups: 9,
      converted: 1,
      orders: 1,
      revenue: [],
    },
  ],
  'last',
);

describe('SourcesTable', () => {
  it('shows the partner’s rows only, with the share who paid, and switches the visit credited', async () => {
    const onTouch = vi.fn();
    const root = mount(
      <SourcesTable
        partnerId="demo"
        name="Demo"
        sources={sources}
        touch="last"
        onTouch={onTouch}
      />,
      { width: '900px' },
    );
    await act(async () => {});
    const rows = [...(root.querySelector('table')?.querySelectorAll('tbody tr') ?? [])];
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'newsletter / email / spring',
      'Direct or unknown',
    ]);
    expect(rows[0]?.textContent).toContain('$300.00');
    expect(rows[0]?.textContent).toMatch(/75\.0% ?\(3 of 4\)/);
    expect(rows[0]?.textContent).toMatch(/anytime 95%: [\d.]+% to [\d.]+%/);
    expect(root.querySelector('caption')?.textContent).toBe(
      'Demo: signups and orders by source (last visit from a campaign or site)',
    );
    const first = root.querySelector<HTMLInputElement>('#results-touch-first');
    await act(async () => first?.click());
    expect(onTouch).toHaveBeenCalledWith('first');
    const results = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag22aa'] });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says so when the partner has no signup yet', async () => {
    const root = mount(
      <SourcesTable
        partnerId="demo"
        name="Demo"
        sources={{ touch: 'first', rows: [] }}
        touch="first"
        onTouch={() => undefined}
      />,
    );
    await act(async () => {});
    expect(root.textContent).toContain('No signups for Demo yet.');
  });
});
