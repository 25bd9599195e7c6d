import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from './generated/partner.ts';
import { partnerForVersion } from './experiments.ts';
import { overlaid, partnerInLanguage } from './translations.ts';
import { acmePartner } from '../../tests/support/partnerCheck.ts';

/** Issue 37: the partner as shown in a language (src/config/translations.ts). */
function bilingual(): PartnerConfig {
  const partner = acmePartner();
  return {
    ...partner,
    languages: ['en', 'es'],
    translations: {
      es: {
        name: 'Acme en español',
        branding: { logoAlt: 'Logotipo de Acme' },
        offer: { priceText: 'GRATIS' },
        form: { ctaText: 'Continuar', fields: [{ label: 'Correo electrónico' }] },
        pages: {
          landing: {
            hero: { title: 'Una revisión de seguridad del hogar' },
            'how-it-works': { cards: [{ title: 'Primero' }, {}, { description: 'Tercero' }] },
          },
        },
      },
    },
  };
}

const hero = (partner: PartnerConfig) => {
  const section = partner.pages.landing.sections.find((entry) => entry.id === 'hero');
  if (section?.type !== 'hero') throw new Error('no hero');
  return section.props;
};

describe('overlaid', () => {
  it('replaces texts key by key and list entry by entry, keeping what the overlay lacks', () => {
    expect(
      overlaid(
        { title: 'A', src: '/a.png', items: [{ t: 'x', n: 1 }, { t: 'y' }] },
        { title: 'B', items: [{ t: 'X' }], extra: 'ignored' },
      ),
    ).toEqual({ title: 'B', src: '/a.png', items: [{ t: 'X', n: 1 }, { t: 'y' }] });
  });

  it('keeps the English where the overlay gives an empty text or another shape', () => {
    expect(overlaid({ a: 'A', b: 'B' }, { a: '  ', b: ['no'] })).toEqual({ a: 'A', b: 'B' });
  });
});

describe('partnerInLanguage', () => {
  it('shows the Spanish texts in Spanish, the rest of the file as written', () => {
    const partner = bilingual();
    const spanish = partnerInLanguage(partner, 'es');
    expect(spanish.name).toBe('Acme en español');
    expect(spanish.branding).toEqual({ ...partner.branding, logoAlt: 'Logotipo de Acme' });
    expect(spanish.offer).toEqual({ ...partner.offer, priceText: 'GRATIS' });
    expect(spanish.form.ctaText).toBe('Continuar');
    expect(spanish.form.fields[0]).toEqual({
      ...partner.form.fields[0],
      label: 'Correo electrónico',
    });
    expect(hero(spanish)).toEqual({
      ...hero(partner),
      title: 'Una revisión de seguridad del hogar',
    });
    const cards = spanish.pages.landing.sections.find((entry) => entry.id === 'how-it-works');
    if (cards?.type !== 'howItWorks') throw new Error('no how-it-works');
    const english = partner.pages.landing.sections.find((entry) => entry.id === 'how-it-works');
    if (english?.type !== 'howItWorks') throw new Error('no how-it-works');
    expect(cards.props.cards.map((card) => [card.title, card.description])).toEqual([
      ['Primero', english.props.cards[0]?.description],
      [english.props.cards[1]?.title, english.props.cards[1]?.description],
      [english.props.cards[2]?.title, 'Tercero'],
    ]);
    expect(spanish.languages).toEqual(['en', 'es']);
    expect('translations' in spanish).toBe(false);
  });

  it('shows English as written, without the translations (a page carries one language)', () => {
    const partner = bilingual();
    const english = partnerInLanguage(partner, 'en');
    const file: PartnerConfig = { ...partner };
    delete file.translations;
    expect(english).toEqual(file);
  });

  it('shows a language the partner does not list in English', () => {
    const partner = bilingual();
    delete partner.languages;
    expect(partnerInLanguage(partner, 'es').name).toBe(partner.name);
  });

  it("applies a variant's overrides in the language, from the variant's own translations", () => {
    const partner = bilingual();
    partner.pages.landing.experiment = {
      variants: [
        {
          id: 'short',
          weight: 50,
          overrides: { hero: { title: 'Short title' } },
          translations: { es: { hero: { title: 'Título corto' } } },
        },
      ],
    };
    const spanish = partnerInLanguage(partner, 'es');
    expect(hero(partnerForVersion(spanish, 'landing', 'short')).title).toBe('Título corto');
    expect(hero(partnerForVersion(spanish, 'landing', 'control')).title).toBe(
      'Una revisión de seguridad del hogar',
    );
    // The variant's other props stay the page's Spanish ones.
    expect(hero(partnerForVersion(spanish, 'landing', 'short')).subtitle).toBe(
      hero(partner).subtitle,
    );
    const english = partnerInLanguage(partner, 'en');
    expect(hero(partnerForVersion(english, 'landing', 'short')).title).toBe('Short title');
    expect(english.pages.landing.experiment?.variants[0]).not.toHaveProperty('translations');
  });

  it("shows the page's own Spanish text where a variant gives none, never its English", () => {
    const partner = bilingual();
    const page = partner.pages.landing;
    const englishHero = hero(partner);
    page.experiment = {
      variants: [
        { id: 'short', weight: 50, overrides: { hero: { title: 'Short title' } } },
        {
          id: 'own',
          weight: 50,
          sections: [
            { ...page.sections[0], props: { ...englishHero, title: 'Own title' } },
          ] as typeof page.sections,
        },
      ],
    };
    const spanish = partnerInLanguage(partner, 'es');
    for (const version of ['short', 'own'])
      expect(hero(partnerForVersion(spanish, 'landing', version)).title).toBe(
        'Una revisión de seguridad del hogar',
      );
    expect(hero(partnerForVersion(partnerInLanguage(partner, 'en'), 'landing', 'own')).title).toBe(
      'Own title',
    );
  });
});
