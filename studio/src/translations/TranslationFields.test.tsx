import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../api/studioApi.ts';
import { blocksOf } from '../blocks/blocks.ts';
import { addVariant } from '../experiment/experiments.ts';
import { setBlockOverride } from '../experiment/variantBlocks.ts';
import { fieldId, locate, pageFormId } from '../places/places.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { TranslationEditing, TranslationFields } from './TranslationFields.tsx';
import { blocksInOrder } from '../../../tests/support/blocksFixture.ts';

/*
 * Issue 37, item 7: a campaign page's title and description and a variant's change of a block
 * have their Spanish fields, and "Show me" on a missing one lands in that field (its id is the
 * one locate() names first). Rendered without a browser: the ids are the contract.
 */
function bilingual(): PartnerDraft {
  let partner = {
    ...blocksInOrder(),
    languages: ['en', 'es'],
  } as PartnerDraft;
  partner = {
    ...partner,
    pages: {
      ...partner.pages,
      springOffer: {
        slug: 'spring',
        title: 'Spring offer',
        description: 'Half off this spring',
        sections: [{ id: 'hero', type: 'hero', props: { title: 'Spring' } }],
      },
    },
  } as PartnerDraft;
  partner = addVariant(partner, 'landing', 'warm');
  return setBlockOverride(partner, 'landing', 0, 'hero', {
    ...blocksOf(partner, 'landing')[0]?.props,
    title: 'Warm',
  });
}

const fields = (partner: PartnerDraft, englishAt: string, formId: string) =>
  renderToStaticMarkup(
    <TranslationEditing value={{ partner, onEdit: () => undefined }}>
      <TranslationFields englishAt={englishAt} formId={formId} blockName="It" />
    </TranslationEditing>,
  );
const idsIn = (html: string) =>
  [...html.matchAll(/<(?:input|textarea) id="([^"]+)"/g)].map((m) => m[1]);
const missingSpanish = (pointer: string): Problem => ({
  file: 'partners/acme.json',
  pointer,
  message: 'this text has no Spanish translation',
  translation: { language: 'es', pointer: '' },
});

describe('Spanish fields beyond the blocks', () => {
  it("a campaign page's title and description, not its blocks' texts, and Show me lands there", () => {
    const partner = bilingual();
    const form = pageFormId('springOffer');
    const html = fields(partner, '/pages/springOffer', form);
    expect(idsIn(html)).toEqual([`${form}_title-es`, `${form}_description-es`]);
    expect(html).toContain('English: Spring offer');
    expect(locate(missingSpanish('/pages/springOffer/title'), partner).target[0]).toBe(
      `${form}_title-es`,
    );
  });

  it("a variant's change of a block: the texts it changes, and Show me lands there", () => {
    const partner = bilingual();
    const englishAt = '/pages/landing/experiment/variants/0/overrides/hero';
    const form = fieldId(pageFormId('landing'), [
      'experiment',
      'variants',
      '0',
      'overrides',
      'hero',
    ]);
    const html = fields(partner, englishAt, form);
    expect(idsIn(html)).toEqual([`${form}_title-es`]);
    expect(html).toContain('English: Warm');
    const place = locate(missingSpanish(`${englishAt}/title`), partner);
    expect(place).toMatchObject({ tab: 'pages', pageKey: 'landing' });
    expect(place.target[0]).toBe(`${form}_title-es`);
  });

  it("an English-only partner's pages have no such fields", () => {
    const partner = { ...bilingual(), languages: ['en'] } as PartnerDraft;
    expect(fields(partner, '/pages/springOffer', pageFormId('springOffer'))).toBe('');
  });
});
