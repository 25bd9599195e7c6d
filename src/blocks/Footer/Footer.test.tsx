import { beforeAll, describe, expect, it } from 'vitest';
import { hasAnyTag, partnerTags, siteWideTags } from '../../config/tagRules.ts';
import { preloadBlocks } from '../registry.ts';
import {
  blockUses,
  describeBlockRenders,
  renderBlock,
} from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('footer', ({ html, visible }, { partner, site }) => {
  expect(visible).toContain(`© ${site.copyrightYear}`);
  for (const link of site.footer.links) expect(visible).toContain(link.label);
  expect(html.match(/aria-label="HomeSafe Scan on /g)).toHaveLength(site.footer.social.length);
  // Cookie choices only where there are tags to choose about (the shipped partners name none).
  const tags = hasAnyTag(partnerTags(partner.measurement, siteWideTags(import.meta.env)));
  expect(html.includes('data-consent-open')).toBe(tags);
});

describe("the footer's Cookie choices (issue 35)", () => {
  beforeAll(() => preloadBlocks(['footer']));

  it('is offered by a partner with tags, whether it asks first or not', async () => {
    const [use] = blockUses('footer');
    if (!use) throw new Error('no partner file uses the footer block');
    for (const measurement of [
      { metaPixelId: '123456789012345' },
      { googleTagId: 'G-ACME12345', askConsent: true },
    ]) {
      const { html } = await renderBlock({ ...use, partner: { ...use.partner, measurement } });
      expect(html).toContain('<button type="button" data-consent-open="">Cookie choices</button>');
    }
    const { html } = await renderBlock({
      ...use,
      partner: { ...use.partner, measurement: { askConsent: true } },
    });
    expect(html).not.toContain('Cookie choices');
  });
});
