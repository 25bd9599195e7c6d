import { describe, expect, it } from 'vitest';
import type { PartnerDraft, BlockDraft } from '../schema/partnerTypes.ts';
import { blocksInOrder } from '../../../tests/support/blocksFixture.ts';
import {
  move,
  newBlockDraft,
  blocksOf,
  withBlocks,
  withAdded,
  withChanged,
  withDuplicate,
  withRemoved,
} from './blocks.ts';

/** An edit of the landing page's list of blocks, as the page's block list makes it. */
const onLanding = (partner: PartnerDraft, edit: (sections: BlockDraft[]) => BlockDraft[]) =>
  withBlocks(partner, 'landing', edit(blocksOf(partner, 'landing')));

describe('Studio block edits', () => {
  it('adds above the footer, duplicates under a free id, moves and removes', () => {
    let partner = blocksInOrder();
    const added = newBlockDraft(partner, 'landing', 'getTheScan');
    expect(added.id).toBe('get-the-scan-2');
    partner = onLanding(partner, (sections) => withAdded(sections, added));
    expect(ids(partner)).toEqual([
      'hero',
      'testimonials',
      'get-the-scan',
      'get-the-scan-2',
      'footer',
    ]);
    partner = onLanding(partner, (sections) => move(sections, 3, 1));
    expect(ids(partner)).toEqual([
      'hero',
      'get-the-scan-2',
      'testimonials',
      'get-the-scan',
      'footer',
    ]);
    partner = onLanding(partner, (sections) => withDuplicate(sections, 0));
    expect(ids(partner)).toEqual([
      'hero',
      'hero-2',
      'get-the-scan-2',
      'testimonials',
      'get-the-scan',
      'footer',
    ]);
    partner = onLanding(partner, (sections) => withRemoved(sections, 1));
    expect(ids(partner)).toEqual([
      'hero',
      'get-the-scan-2',
      'testimonials',
      'get-the-scan',
      'footer',
    ]);
  });
});

describe('Studio edits of any list of blocks', () => {
  it('adds, duplicates, changes and removes in a list kept elsewhere, avoiding the ids it is told', () => {
    const partner = blocksInOrder();
    const page = blocksOf(partner, 'landing');
    // A variant's own list, without the page's testimonials.
    let list = page.filter((section) => section.id !== 'testimonials');
    list = withAdded(list, newBlockDraft(partner, 'landing', 'testimonials', [...list, ...page]));
    expect(list.map((section) => section.id)).toEqual([
      'hero',
      'get-the-scan',
      'testimonials-2',
      'footer',
    ]);
    list = withDuplicate(list, 0, page);
    expect(list[1]).toEqual({ ...page[0], id: 'hero-2' });
    expect(list[1]?.props).not.toBe(list[0]?.props);
    list = withChanged(list, 1, { props: { title: 'Second' } });
    expect(list[1]?.props).toEqual({ title: 'Second' });
    list = withRemoved(list, 0);
    expect(list.map((section) => section.id)).toEqual([
      'hero-2',
      'get-the-scan',
      'testimonials-2',
      'footer',
    ]);
    // The lists given are never changed in place.
    expect(blocksOf(partner, 'landing')).toEqual(page);
    expect(withDuplicate(list, 9)).toEqual(list);
  });
});

const ids = (partner: ReturnType<typeof blocksInOrder>) =>
  (partner.pages as { landing: { sections: { id: string }[] } }).landing.sections.map((s) => s.id);

describe('Studio problem places', () => {
  it('puts a missing setting under its own (empty) field', async () => {
    const { problemPath } = await import('../schema/schema.ts');
    expect(problemPath(['cards', '0'], { missing: 'title' })).toEqual(['cards', '0', 'title']);
    expect(problemPath(['title'], {})).toEqual(['title']);
  });
});

describe('Studio block library', () => {
  it('lists every block type of the assembled schema, so a new block folder appears by itself', async () => {
    const { blockTypes, blockTypesFor } = await import('../schema/schema.ts');
    const schemaTypes = await import('../../../src/config/node/validation/checkConfig.ts');
    expect(blockTypes).toEqual(schemaTypes.blockTypes);
    // The offer block goes on the claim-offer page and on campaign pages, not on the landing page.
    expect(blockTypesFor('landing')).not.toContain('offer');
    expect(blockTypesFor('claimOffer')).toContain('offer');
    expect(blockTypesFor('springOffer')).toContain('offer');
  });
});

describe('Studio field labels', () => {
  it('says developer words in plain words, and prefers the schema title', async () => {
    const { fieldLabel } = await import('../schema/schema.ts');
    expect(fieldLabel('logoSrc')).toBe('Logo picture');
    expect(fieldLabel('amountCents')).toBe('Amount in cents');
    expect(fieldLabel('desktopBg')).toBe('Desktop background');
    expect(fieldLabel('ctaText')).toBe('Button text');
    expect(fieldLabel('logoAlt')).toBe('Logo text for screen readers');
    expect(fieldLabel('amountCents', { title: 'Price charged' })).toBe('Price charged');
  });
});
