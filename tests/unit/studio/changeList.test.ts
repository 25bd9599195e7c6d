import { describe, expect, it } from 'vitest';
import { sectionsOf, withSections, move } from '../../../studio/src/blocks/blocks.ts';
import { addVariant } from '../../../studio/src/experiment/experiments.ts';
import { setBlockOverride } from '../../../studio/src/experiment/variantBlocks.ts';
import { describeChanges } from '../../../studio/src/review/changeList.ts';
import type { PartnerDraft } from '../../../studio/src/schema/partnerTypes.ts';
import { blocksInOrder } from './blocksFixture.ts';

const withTitle = (partner: PartnerDraft, title: string) =>
  withSections(
    partner,
    'landing',
    sectionsOf(partner, 'landing').map((section) =>
      section.id === 'hero' ? { ...section, props: { ...section.props, title } } : section,
    ),
  );

describe('the review in plain words', () => {
  it('lists exactly the changes made: a move, a text, a new page and an A/B test', () => {
    const before = blocksInOrder();
    let after = withSections(before, 'landing', move(sectionsOf(before, 'landing'), 2, 1));
    after = withTitle(after, 'Safer homes');
    after = { ...after, name: 'Acme Homes' };
    after = {
      ...after,
      pages: {
        ...after.pages,
        spring: { slug: 'spring', title: 'Spring', description: 'Spring offer', sections: [] },
      },
    };
    after = addVariant(after, 'landing', 'warm');
    expect(describeChanges(before, after)).toEqual([
      "Name set to 'Acme Homes'",
      "Home page: Hero (hero) Title: 'Hi' → 'Safer homes'",
      'Home page: Get the scan (get-the-scan) moved from 3rd to 2nd',
      'A/B test added on the Home page: 50%/50%',
      'New campaign page /acme/spring',
    ]);
  });

  it("names a variant's change of a block, a removed block and a new one", () => {
    const before = addVariant(blocksInOrder(), 'landing', 'warm');
    let after = setBlockOverride(before, 'landing', 0, 'hero', { title: 'Warm' });
    after = withSections(after, 'landing', [
      ...sectionsOf(after, 'landing').filter((section) => section.id !== 'testimonials'),
      { id: 'faq', type: 'faq', props: {} },
    ]);
    expect(describeChanges(before, after)).toEqual([
      'Home page: Testimonials (testimonials) removed',
      'Home page: new FAQ (faq) block, 4th of 4',
      "Home page, variant warm: Hero (hero) Title set to 'Warm'",
    ]);
  });

  it('quotes a long text cut on a whole word, as a commit message line reads it', () => {
    const before = blocksInOrder();
    const long = 'Cor Freedom Care and Living Services for Every Home in the Valley';
    expect(describeChanges(before, { ...before, name: long })).toEqual([
      "Name set to 'Cor Freedom Care and Living Services for Every Home in…'",
    ]);
  });

  it('says nothing when nothing changed, and names a new partner', () => {
    expect(describeChanges(blocksInOrder(), blocksInOrder())).toEqual([]);
    expect(describeChanges(null, { ...blocksInOrder(), name: 'Acme' })).toEqual([
      "New partner 'Acme' at /acme, with Home page",
    ]);
  });
});
