import { describe, expect, it } from 'vitest';
import { blockPlace } from './blockPlace.ts';
import { checkConfig, formatProblems } from './checkConfig.ts';
import {
  assetExists,
  acmePartner,
  realFiles,
  siteFile,
} from '../../../../tests/support/partnerCheck.ts';

/*
 * partners:check names the block a problem is in by its place, id and type and its page, beside
 * the JSON pointer: "/pages/landing/sections/2/props/items" alone means nothing to a person
 * reading the file, and its index changes whenever a block is added above.
 */
const file = {
  pages: {
    landing: {
      sections: [
        { id: 'hero', type: 'hero', props: {} },
        { id: 'how', type: 'howItWorks', props: { steps: [] } },
      ],
      experiment: {
        variants: [{ id: 'short', sections: [{ id: 'faq-short', type: 'faq', props: {} }] }],
      },
    },
    claimOffer: { sections: [{ id: 'offer', type: 'offer', props: {} }] },
    spring: { sections: [{ type: 'hero', props: {} }] },
  },
};

describe('the block a problem is in', () => {
  it('names a block of a page by its place, id and type', () => {
    expect(blockPlace(file, '/pages/landing/sections/1/props/steps/0/title')).toBe(
      'block 2, "how", a "howItWorks" block on the home page',
    );
    expect(blockPlace(file, '/pages/claimOffer/sections/0')).toBe(
      'block 1, "offer", an "offer" block on the claim-offer page',
    );
    expect(blockPlace(file, '/pages/spring/sections/0/type')).toBe(
      'block 1, a "hero" block on the "spring" page',
    );
  });

  it('names a block of an A/B variant and the page it is a variant of', () => {
    expect(blockPlace(file, '/pages/landing/experiment/variants/0/sections/0/props')).toBe(
      'block 1, "faq-short", a "faq" block on A/B variant 1 of the home page',
    );
  });

  it('says only the place of a block the file does not hold, and nothing for other settings', () => {
    expect(blockPlace(file, '/pages/landing/sections/7')).toBe('block 8, on the home page');
    expect(blockPlace(undefined, '/pages/landing/sections/0')).toBe('block 1, on the home page');
    expect(blockPlace(file, '/theme/brandColor')).toBeUndefined();
    expect(blockPlace(file, '/pages/landing/sectionsX/0')).toBeUndefined();
  });

  it('is printed by partners:check between the pointer and the sentence', () => {
    const acme = acmePartner();
    const hero = acme.pages.landing.sections.findIndex((section) => section.type === 'hero');
    const block = acme.pages.landing.sections[hero];
    if (block?.type !== 'hero') throw new Error('the demo has no hero block');
    block.props.title = '';
    const { problems } = checkConfig({
      partnerFiles: [...realFiles, { path: 'partners/acme.json', text: JSON.stringify(acme) }],
      siteFile,
      assetExists,
    });
    expect(formatProblems(problems)).toBe(
      `partners/acme.json /pages/landing/sections/${hero}/props/title (block ${hero + 1}, "${block.id}", a "hero" block on the home page): cannot be empty`,
    );
  });
});
