import { describe, expect, it } from 'vitest';
import { blocksOf, withBlocks, move } from '../blocks/blocks.ts';
import { addVariant, experimentOf, updateVariantSettings } from '../experiment/experiments.ts';
import { stopVariant } from '../experiment/ship.ts';
import { sharesNow } from '../experiment/sharesNow.ts';
import { momentInWords } from '../forms/zonedTime.ts';
import { setBlockOverride } from '../experiment/variantBlocks.ts';
import { describeChanges, draftChanges } from './changeList.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { acmePartner } from '../../../tests/support/partnerCheck.ts';
import { blocksInOrder } from '../../../tests/support/blocksFixture.ts';

const withTitle = (partner: PartnerDraft, title: string) =>
  withBlocks(
    partner,
    'landing',
    blocksOf(partner, 'landing').map((section) =>
      section.id === 'hero' ? { ...section, props: { ...section.props, title } } : section,
    ),
  );

describe('the review in plain words', () => {
  it('lists exactly the changes made: a move, a text, a new page and an A/B test', () => {
    const before = blocksInOrder();
    let after = withBlocks(before, 'landing', move(blocksOf(before, 'landing'), 2, 1));
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
      'A/B test added on the Home page with 2 versions',
      'Home page A/B test, the page as written (control): 50% of visitors',
      'Home page A/B test, variant warm: 50% of visitors',
      'Home page, variant warm: changes nothing yet',
      'New campaign page /acme/spring',
    ]);
  });

  it("names a variant's change of a block, a removed block and a new one", () => {
    const before = addVariant(blocksInOrder(), 'landing', 'warm');
    let after = setBlockOverride(before, 'landing', 0, 'hero', { title: 'Warm' });
    after = withBlocks(after, 'landing', [
      ...blocksOf(after, 'landing').filter((section) => section.id !== 'testimonials'),
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

describe("a new partner's review", () => {
  // The test's own partner (the demo as it was, frozen), so a block placed on the shipped demo
  // moves none of the positions below.
  const demo = acmePartner() as unknown as PartnerDraft;
  const created: PartnerDraft = { ...demo, id: 'acme-homes', name: 'Acme Homes' };

  it('lists every change from the page it started from, after the new partner itself', () => {
    let after: PartnerDraft = {
      ...created,
      theme: { ...created.theme, brandColor: '#0B5D3B' },
      branding: { ...created.branding, logoSrc: '/partners/acme-homes/logo.opt.png' },
    };
    after = withBlocks(
      after,
      'landing',
      blocksOf(after, 'landing')
        .filter((section) => section.id !== 'testimonials')
        .map((section) =>
          section.id === 'hero'
            ? { ...section, props: { ...section.props, title: 'Safer homes' } }
            : section,
        ),
    );
    after = withBlocks(after, 'landing', [
      ...move(blocksOf(after, 'landing'), 3, 1),
      { id: 'faq', type: 'faq', props: { items: [{ question: 'Who pays?', answer: 'We do.' }] } },
    ]);
    const lines = draftChanges(
      { original: null, startedFrom: { template: 'the demo partner', data: created } },
      after,
    );
    expect(lines[0]).toBe(
      "New partner 'Acme Homes' at /acme-homes, started from the demo partner, with Home page and Claim-offer page",
    );
    expect(lines.slice(1)).toEqual([
      "Branding › Logo picture: '/partners/demo/logo.svg' → '/partners/acme-homes/logo.opt.png'",
      "Theme › Brand color: '#4B3F8F' → '#0B5D3B'",
      'Home page: Testimonials (testimonials) removed',
      "Home page: Hero (hero) Title: 'A home safety check you can do today, now 50% off' → 'Safer homes'",
      'Home page: Get the scan (get-the-scan) moved from 5th to 2nd',
      'Home page: new FAQ (faq) block, 6th of 6',
    ]);
  });

  it('names the partner alone without its starting page (a draft kept before it was remembered)', () => {
    expect(draftChanges({ original: null }, created)).toEqual([
      "New partner 'Acme Homes' at /acme-homes, with Home page and Claim-offer page",
    ]);
  });
});

describe("an A/B test's review", () => {
  const now = Date.parse('2026-11-28T14:00:00Z');
  const start = '2026-11-29T10:00:00Z';
  const withThree = () => {
    let partner = addVariant(blocksInOrder(), 'landing', 'warm', 'overrides', 'seed');
    partner = addVariant(partner, 'landing', 'calm', 'overrides', 'seed');
    partner = setBlockOverride(partner, 'landing', 0, 'hero', { title: 'Warm' });
    return updateVariantSettings(partner, 'landing', 1, { schedule: { start } });
  };

  it('names each version, its share now and later as the share bar does, its schedule and what it changes', () => {
    const after = withThree();
    const bar = sharesNow(experimentOf(after, 'landing'), now).map((share) => share.words);
    expect(bar).toEqual(['50% now', '50% now', 'starts in 20 hours (0% now)']);
    expect(describeChanges(blocksInOrder(), after, now)).toEqual([
      'A/B test added on the Home page with 3 versions',
      'Home page A/B test, the page as written (control): 50% now, 33.3% while every version runs',
      'Home page A/B test, variant warm: 50% now, 33.3% once it runs',
      "Home page, variant warm: Hero (hero) Title set to 'Warm'",
      `Home page A/B test, variant calm: starts in 20 hours (0% now), 33.3% once it runs; from ${momentInWords(start)}`,
      'Home page, variant calm: changes nothing yet',
    ]);
  });

  it('says a scheduled variant stopped before it started, not that its schedule was removed', () => {
    const before = withThree();
    const after = stopVariant(before, 'landing', 1, now, 'UTC');
    expect(describeChanges(before, after, now)).toEqual([
      `Home page A/B test: variant calm stopped before it started (it was to start on ${momentInWords(start)}); it takes no visitors, and the other versions keep their shares`,
      'Home page A/B test, share of visitors now: the page as written (control) 50% now, variant warm 50% now, variant calm ended ' +
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(now) +
        ' (0% now)',
    ]);
  });

  it('says a running variant stopped, and a new start in words', () => {
    const before = withThree();
    const stopped = stopVariant(before, 'landing', 0, now, 'UTC');
    expect(describeChanges(before, stopped, now)[0]).toBe(
      `Home page A/B test: variant warm stopped on ${momentInWords(now)}; its share goes to the other versions`,
    );
    const later = '2026-12-01T10:00:00Z';
    const moved = updateVariantSettings(before, 'landing', 1, { schedule: { start: later } });
    expect(describeChanges(before, moved, now)[0]).toBe(
      `Home page A/B test: variant calm starts on ${momentInWords(later)} (was ${momentInWords(start)})`,
    );
  });
});

describe('the review names the language of each change (issue 37)', () => {
  /** blocksInOrder in English and Spanish, with the hero's and the logo's Spanish texts. */
  const bilingual = (): PartnerDraft => {
    const partner = blocksInOrder();
    return {
      ...partner,
      languages: ['en', 'es'],
      branding: { ...partner.branding, logoAlt: 'Acme logo' },
      translations: {
        es: {
          branding: { logoAlt: 'Logotipo de Acme' },
          pages: { landing: { hero: { title: 'Hola' } } },
        },
      },
    } as PartnerDraft;
  };
  const withSpanish = (partner: PartnerDraft, spanish: Record<string, unknown>): PartnerDraft =>
    ({ ...partner, translations: { es: spanish } }) as unknown as PartnerDraft;

  it("says which language a text changed in, named by the English text's place", () => {
    const before = bilingual();
    const after = withSpanish(withTitle(before, 'Welcome'), {
      branding: { logoAlt: 'Logotipo de Acme Hogar' },
      pages: {
        landing: { hero: { title: 'Bienvenido' }, 'get-the-scan': { title: 'Obténgalo' } },
      },
    });
    expect(describeChanges(before, after)).toEqual([
      "Home page: Hero (hero) Title: 'Hi' → 'Welcome'",
      "Spanish: Branding › Logo text for screen readers: 'Logotipo de Acme' → 'Logotipo de Acme Hogar'",
      "Spanish: Home page: Hero (hero) Title: 'Hola' → 'Bienvenido'",
      "Spanish: Home page: Get the scan (get-the-scan) Title set to 'Obténgalo'",
    ]);
    // Taken out again: the text it was.
    expect(describeChanges(after, withSpanish(after, {}))).toContain(
      "Spanish: Home page: Hero (hero) Title removed (was 'Bienvenido')",
    );
  });

  it("names a variant's Spanish text by its variant, and says nothing of a block that only moved", () => {
    const before = addVariant(bilingual(), 'landing', 'warm');
    let after = setBlockOverride(before, 'landing', 0, 'hero', { title: 'Warm' });
    after = withBlocks(after, 'landing', move(blocksOf(after, 'landing'), 0, 1));
    const [variant] = experimentOf(after, 'landing')?.variants ?? [];
    if (!variant) throw new Error('the page has its variant');
    const warm = { ...variant, translations: { es: { hero: { title: 'Cálido' } } } };
    after = {
      ...after,
      pages: {
        ...after.pages,
        landing: { ...after.pages.landing, experiment: { variants: [warm] } },
      },
    } as PartnerDraft;
    expect(describeChanges(before, after)).toEqual([
      'Home page: Testimonials (testimonials) moved from 2nd to 1st',
      "Home page, variant warm: Hero (hero) Title set to 'Warm'",
      "Spanish: Home page, variant warm: Hero (hero) Title set to 'Cálido'",
    ]);
  });
});
