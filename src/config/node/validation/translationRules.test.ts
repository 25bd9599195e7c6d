import { describe, expect, it } from 'vitest';
import partnerSchema from '../../../../schemas/partner.schema.json' with { type: 'json' };
import type { PartnerConfig, Translation } from '../../generated/partner.ts';
import { textsToTranslate } from '../../translationTexts.ts';
import { acmePartner, checkAllWith, checkWith } from '../../../../tests/support/partnerCheck.ts';

/**
 * Issue 37: a partner file's languages and translations, as `partners:check` reads them. The
 * problems name the file, the JSON pointer of the English text that lacks its translation and a
 * sentence saying where the translation goes.
 */
type Editable = PartnerConfig & Record<string, unknown>;

/** Acme in English and Spanish, with every text translated (each text prefixed "ES "). */
function bilingual(): Editable {
  const partner = acmePartner() as Editable;
  partner.languages = ['en', 'es'];
  const translation: Record<string, unknown> = {};
  for (const text of textsToTranslate(partner, partnerSchema, 'es')) {
    const keys = text.translation.split('/').slice(3);
    let at: Record<string, unknown> | unknown[] = translation;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = /^\d+$/.test(keys[i + 1] ?? '');
      const slot = at as Record<string, unknown>;
      if (last) {
        const english = text.pointer
          .split('/')
          .slice(1)
          .reduce<unknown>(
            (value, part) => (value as Record<string, unknown>)[part],
            partner as unknown,
          );
        slot[key] = `ES ${String(english)}`;
      } else {
        slot[key] ??= nextIsIndex ? [] : {};
        at = slot[key] as Record<string, unknown>;
      }
    });
  }
  partner.translations = { es: translation as Translation };
  return partner;
}

describe('partners:check on languages and translations', () => {
  it('accepts a file that lists no languages (English only), as every file before', () => {
    expect(checkWith(acmePartner())).toEqual([]);
  });

  it('accepts a file with every text translated', () => {
    expect(checkWith(bilingual())).toEqual([]);
  });

  it('names the English text whose translation is missing, and where to add it', () => {
    const partner = bilingual();
    delete (partner.translations?.es?.pages?.landing?.hero as Record<string, unknown>).title;
    expect(checkWith(partner)).toEqual([
      'partners/acme.json /pages/landing/sections/0/props/title: this text has no Spanish translation; the pages in Spanish need it at /translations/es/pages/landing/hero/title',
    ]);
  });

  it('asks for every text of a listed language that has no translations at all', () => {
    const partner = acmePartner() as Editable;
    partner.languages = ['en', 'es'];
    const lines = checkWith(partner);
    expect(lines).toContain(
      'partners/acme.json /name: this text has no Spanish translation; the pages in Spanish need it at /translations/es/name',
    );
    expect(lines.length).toBe(textsToTranslate(partner, partnerSchema, 'es').length);
  });

  it('needs no translation of a text that is the same in every language (a quote author)', () => {
    const texts = textsToTranslate(bilingual(), partnerSchema, 'es').map((text) => text.pointer);
    expect(texts.some((pointer) => pointer.endsWith('/author'))).toBe(false);
    expect(texts.some((pointer) => pointer.endsWith('/position'))).toBe(true);
  });

  it('refuses a translation where the English has no text (a misspelt block id)', () => {
    const partner = bilingual();
    const pages = partner.translations?.es?.pages;
    if (!pages?.landing) throw new Error('no landing translation');
    pages.landing['heroo'] = { title: 'Hola' };
    expect(checkWith(partner)).toEqual([
      "partners/acme.json /translations/es/pages/landing/heroo/title: the English file has no text here to translate, so this is never shown; check the block id, the setting's name and the list's length against the English",
    ]);
  });

  it('refuses English not first, and translations for an unlisted language', () => {
    const partner = bilingual();
    partner.languages = ['es', 'en'];
    expect(checkWith(partner)).toContain(
      'partners/acme.json /languages/0: English ("en") must come first in "languages": it is the language every page falls back to',
    );
    const unlisted = bilingual();
    delete unlisted.languages;
    expect(checkWith(unlisted)).toEqual([
      'partners/acme.json /translations/es: these texts are in Spanish, which "languages" does not list; add "es" to "languages" or remove them',
    ]);
  });

  it('refuses a language the product does not speak, by the schema', () => {
    const partner = acmePartner() as Editable;
    partner.languages = ['en', 'fr'] as unknown as PartnerConfig['languages'];
    expect(checkWith(partner).join('\n')).toMatch(/\/languages\/1: /);
  });

  it("warns that a variant's text with no translation shows the page's own there", () => {
    const partner = bilingual();
    partner.pages.landing.experiment = {
      variants: [{ id: 'short', weight: 50, overrides: { hero: { title: 'Short title' } } }],
    };
    // Acme is a copy of demo: its shared name and pictures are warned of too, not the point here.
    const inSpanish = (found: { problems: string[]; warnings: string[] }) => ({
      problems: found.problems,
      warnings: found.warnings.filter((line) => line.includes('Spanish')),
    });
    expect(inSpanish(checkAllWith(partner))).toEqual({
      problems: [],
      warnings: [
        "partners/acme.json /pages/landing/experiment/variants/0/overrides/hero/title: this variant's text has no Spanish translation, so the pages in Spanish show the page's own Spanish text here instead of this change; give it at /pages/landing/experiment/variants/0/translations/es/hero/title",
      ],
    });
    const variant = partner.pages.landing.experiment.variants[0];
    if (!variant) throw new Error('no variant');
    variant.translations = { es: { hero: { title: 'Título corto' } } };
    expect(inSpanish(checkAllWith(partner))).toEqual({ problems: [], warnings: [] });
    // A text the variant keeps as the page has it (a full copy's) reads the page's translation.
    const [first] = partner.pages.landing.sections;
    if (!first) throw new Error('acme has blocks');
    partner.pages.landing.experiment.variants = [
      { id: 'copy', weight: 50, sections: [first, ...partner.pages.landing.sections.slice(1)] },
    ];
    expect(inSpanish(checkAllWith(partner))).toEqual({ problems: [], warnings: [] });
  });

  it("refuses a variant's own block with no translation where the page has no such block", () => {
    const partner = bilingual();
    const [first] = partner.pages.landing.sections;
    if (first?.type !== 'hero') throw new Error('acme starts with a hero');
    partner.pages.landing.experiment = {
      variants: [
        {
          id: 'own',
          weight: 50,
          sections: [{ ...first, id: 'new-hero', props: { ...first.props, title: 'New' } }],
        },
      ],
    };
    const { problems } = checkAllWith(partner);
    expect(problems).toContain(
      'partners/acme.json /pages/landing/experiment/variants/0/sections/0/props/title: this text has no Spanish translation; the pages in Spanish need it at /pages/landing/experiment/variants/0/translations/es/new-hero/title',
    );
  });

  it('keeps the language codes free: no partner id or slug "es"', () => {
    const partner = acmePartner() as Editable;
    partner.id = 'es';
    expect(checkWith(partner, 'partners/es.json')).toContain(
      'partners/es.json /id: "es" is the address of the pages in Spanish (/es/...); choose another',
    );
  });
});
