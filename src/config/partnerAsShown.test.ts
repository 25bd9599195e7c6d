import { describe, expect, it } from 'vitest';
import { CONTROL, partnerForVersion, withoutExperiments } from './experiments.ts';
import type { PartnerConfig } from './generated/partner.ts';
import { partnerAsShown } from './partnerAsShown.ts';
import { partnerDirectory, partners } from './partners.ts';

/** The one place a partner is made into what a visitor sees (prerender, Storybook, studio). */
const showcase = partnerDirectory.byId.get('showcase')!;
const springTitle = (partner: PartnerConfig) =>
  partner.pages.springOffer?.sections.find((section) => section.type === 'hero')?.props;

describe('partnerAsShown', () => {
  it('changes nothing in a loaded partner file but what it is asked to (cleaning twice is a no-op)', () => {
    for (const partner of partners)
      expect(partnerAsShown(partner, { query: null })).toEqual(partner);
  });

  it('cleans the HTML of a draft the loader never saw', () => {
    const draft = structuredClone(showcase);
    draft.form.subtitleHtml =
      '<p>Hello<script>alert(1)</script> <a href="javascript:x">there</a></p>';
    expect(partnerAsShown(draft).form.subtitleHtml).toBe('<p>Hello <a>there</a></p>');
  });

  it("shows one version of a page, every other page's control, and no experiment", () => {
    expect(
      partnerAsShown(showcase, { page: 'landing', version: 'fewer-falls', query: null }),
    ).toEqual(partnerForVersion(showcase, 'landing', 'fewer-falls'));
    // The prerender's page without a version: the control of every page.
    expect(partnerAsShown(showcase, { page: 'landing', version: CONTROL, query: null })).toEqual(
      withoutExperiments(showcase),
    );
    // No version asked for, or a page the file lacks (a studio draft): the pages as written.
    expect(partnerAsShown(showcase, { page: 'nowhere', version: 'x', query: null }).pages).toEqual(
      showcase.pages,
    );
  });

  it("fills URL-driven copy from the address's query, or with its defaults", () => {
    expect(springTitle(partnerAsShown(showcase, { query: '?utm_term=garden' }))).toMatchObject({
      title: 'Spring into a safer garden',
    });
    expect(springTitle(partnerAsShown(showcase))).toMatchObject({
      title: 'Spring into a safer home',
    });
    expect(springTitle(partnerAsShown(showcase, { query: null }))).toMatchObject({
      title: 'Spring into a safer {{utm_term | "home"}}',
    });
  });
});
