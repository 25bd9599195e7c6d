import axe from 'axe-core';
import { describe, expect, it, vi, afterEach } from 'vitest';
import '../../../studio/src/studio.css';
import { ProblemList } from '../../../studio/src/editor/ProblemList.tsx';
import type { Problem } from '../../../studio/src/api/studioApi.ts';
import type { PartnerDraft } from '../../../studio/src/schema/partnerTypes.ts';
import { cleanup, mount, partner } from '../support/render.tsx';

/*
 * The warnings panel (issue 36, item 10): the same warning in several places is one sentence with
 * the places listed under it, each with its own "Show me", instead of one long sentence repeated.
 */
afterEach(cleanup);

const demo = JSON.parse(JSON.stringify(partner('demo'))) as PartnerDraft;
const other =
  "this picture belongs to the partner demo, not this one; upload this partner's own in its place";
const warning = (pointer: string, message = other): Problem => ({
  file: 'partners/acme.json',
  pointer,
  message,
});

describe('ProblemList', () => {
  it('says a warning found in several places once, with each place and its own Show me', async () => {
    const onShow = vi.fn();
    const problems = [
      warning('/branding/logoSrc'),
      warning('/branding/faviconSrc'),
      warning('/pages/landing/sections/0/props/image/src'),
      warning('/name', 'still names the demo partner'),
    ];
    const root = mount(<ProblemList problems={problems} partner={demo} onShow={onShow} warnings />);
    root.querySelector('details')?.setAttribute('open', '');
    const items = [...root.querySelectorAll(':scope .studio-problem-list > li')];
    expect(items).toHaveLength(2);
    const grouped = items[0];
    expect(grouped?.querySelector(':scope > span')?.textContent).toBe(
      "This picture belongs to the partner demo, not this one; upload this partner's own in its place. In 3 places:",
    );
    const places = [...(grouped?.querySelectorAll('.studio-problem-places li') ?? [])];
    expect(places).toHaveLength(3);
    // Each place is named without the sentence repeated.
    for (const place of places) expect(place.textContent).not.toContain('not this one');
    const buttons = [...(grouped?.querySelectorAll('button') ?? [])];
    expect(buttons).toHaveLength(3);
    buttons[1]?.click();
    expect(onShow).toHaveBeenCalledWith(problems[1]);
    expect(buttons[1]?.getAttribute('aria-label')).toMatch(/^Show me: /);
    const results = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag22aa'] });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
