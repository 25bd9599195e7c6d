import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/node/loadConfig.ts';
import { isFreeOffer } from '../../../src/config/offer.ts';
import { journeyPartners } from '../../e2e/journeyPartners.ts';

const { partners } = loadConfig({ root: new URL('../../..', import.meta.url).pathname });

describe('the partners whose whole journey the end-to-end tests walk', () => {
  it('are one per kind of offer, from the coverage set', () => {
    const walked = journeyPartners(partners);
    expect(walked.map((partner) => partner.id)).toEqual(['cor-freedom', 'showcase']);
    expect(walked.map(isFreeOffer)).toEqual([true, false]);
  });

  it('take the first partner of a kind the coverage set lacks, and skip a kind no partner has', () => {
    const paid = partners.filter((partner) => !isFreeOffer(partner));
    expect(journeyPartners(partners, new Set(['showcase'])).map((p) => p.id)).toEqual([
      partners.find(isFreeOffer)?.id,
      'showcase',
    ]);
    expect(journeyPartners(paid, new Set()).map((p) => p.id)).toEqual([paid[0]?.id]);
  });

  it('between them show every kind of signup field, so the keyboard and WCAG walks meet each', () => {
    const kinds = new Set(
      journeyPartners(partners).flatMap((partner) => partner.form.fields.map((f) => f.type)),
    );
    const everyKind = new Set(
      partners.flatMap((partner) => partner.form.fields.map((f) => f.type)),
    );
    expect([...kinds].sort()).toEqual([...everyKind].sort());
  });
});
