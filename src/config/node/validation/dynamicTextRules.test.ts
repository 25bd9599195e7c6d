import { describe, expect, it } from 'vitest';
import type { PartnerConfig, Block } from '../../generated/partner.ts';
import { checkWith, acmePartner } from '../../../../tests/support/partnerCheck.ts';

/*
 * partners:check on URL-driven copy (src/config/node/validation/dynamicTextRules.ts): each
 * refusal is one line, with its file, JSON pointer and a plain sentence.
 */
function acme(mutate: (partner: PartnerConfig) => void = () => undefined): PartnerConfig {
  const partner = acmePartner();
  mutate(partner);
  return partner;
}

function section<T extends Block['type']>(partner: PartnerConfig, type: T, page = 'landing') {
  const found = partner.pages[page]?.sections.find(
    (entry): entry is Extract<Block, { type: T }> => entry.type === type,
  );
  if (!found) throw new Error(`no ${type} section on ${page}`);
  return found;
}

describe('placeholders in partner files', () => {
  it('accepts them in the text of any block, on a page and in a variant', () => {
    const partner = acme((p) => {
      section(p, 'hero').props.title = 'A safer {{utm_term | "home"}}, one room at a time';
      section(p, 'howItWorks').props.cards[0].title = 'Scan your {{room | "kitchen"}}';
      section(p, 'offer', 'claimOffer').props.headerText = 'An offer for {{city|"your town"}}';
      p.pages.landing.experiment = {
        variants: [
          {
            id: 'short',
            weight: 50,
            overrides: { hero: { title: 'Safer {{utm_term | "rooms"}} this week' } },
          },
        ],
      };
    });
    expect(checkWith(partner)).toEqual([]);
  });

  it('refuses one without a default, unclosed, with a bad name, a default out of quotes or empty', () => {
    const partner = acme((p) => {
      const hero = section(p, 'hero');
      hero.props.title = 'A safer {{utm_term}}';
      hero.props.subtitle = 'For your {{utm_term | "home"';
      hero.props.description = 'Check the {{Room-Name | "rooms"}} you use most.';
      hero.props.ctaText = 'Scan my {{room | home}}';
      section(p, 'getTheScan').props.title = 'Get the scan for {{place | ""}}';
    });
    expect(checkWith(partner)).toEqual([
      'partners/acme.json /pages/landing/sections/0/props/title: {{utm_term}} has no default, so visitors whose address has no utm_term would see nothing there; add the text they see instead, such as {{utm_term | "home"}}',
      'partners/acme.json /pages/landing/sections/0/props/subtitle: this text opens a placeholder with "{{" but never closes it with "}}"; write it whole, such as {{utm_term | "home"}}',
      'partners/acme.json /pages/landing/sections/0/props/description: "Room-Name" in {{Room-Name | "rooms"}} cannot be an address parameter\'s name; use lower-case letters, digits and underscores only (at most 40), such as utm_term',
      'partners/acme.json /pages/landing/sections/0/props/ctaText: the default in {{room | home}} must be plain text in double quotes (no quotes, backslashes or braces inside it), such as {{room | "home"}}',
      'partners/acme.json /pages/landing/sections/4/props/title: the default in {{place | ""}} is empty, so visitors whose address has no place would see nothing there; write the text they see instead',
    ]);
  });

  it('refuses a name longer than 40 characters', () => {
    const name = 'a'.repeat(41);
    const partner = acme((p) => {
      section(p, 'hero').props.title = `Hello {{${name} | "you"}}`;
    });
    expect(checkWith(partner)).toEqual([
      `partners/acme.json /pages/landing/sections/0/props/title: "${name}" in {{${name} | "you"}} cannot be an address parameter's name; use lower-case letters, digits and underscores only (at most 40), such as utm_term`,
    ]);
  });

  it('refuses them outside the text of a block: settings holding HTML, page titles, partner settings', () => {
    const partner = acme((p) => {
      section(p, 'offer', 'claimOffer').props.disclaimerHtml =
        'Provided in {{city | "your town"}}.';
      p.name = 'Acme {{utm_source | "partner"}}';
      // (The demo's consent line names the demo; a renamed copy must not keep it.)
      delete p.form.consentText;
      p.meta = { description: 'Safety for {{city | "your town"}}' };
      p.pages.spring = {
        slug: 'spring',
        title: 'Spring in {{city | "town"}}',
        description: 'A spring offer',
        sections: p.pages.landing.sections,
      };
    });
    expect(checkWith(partner)).toEqual([
      'partners/acme.json /pages/claimOffer/sections/0/props/disclaimerHtml: a placeholder ({{city | "your town"}}) only works in a plain text setting of a block, and "disclaimerHtml" holds HTML; write the text itself',
      'partners/acme.json /name: a placeholder ({{utm_source | "partner"}}) only works in the text of a block on a page; this setting is the same for every visitor, so write the text itself',
      'partners/acme.json /meta/description: a placeholder ({{city | "your town"}}) only works in the text of a block on a page; this setting is the same for every visitor, so write the text itself',
      'partners/acme.json /pages/spring/title: a placeholder ({{city | "town"}}) only works in the text of a block on a page; this setting is the same for every visitor, so write the text itself',
    ]);
  });

  it("points at a variant's override, and refuses the characters that mark placeholders", () => {
    const partner = acme((p) => {
      p.pages.landing.experiment = {
        variants: [{ id: 'short', weight: 50, overrides: { hero: { title: 'Safer {{x}}' } } }],
      };
      section(p, 'getTheScan').props.title = 'Get the scan \ue000';
    });
    expect(checkWith(partner)).toEqual([
      'partners/acme.json /pages/landing/experiment/variants/0/overrides/hero/title: {{x}} has no default, so visitors whose address has no x would see nothing there; add the text they see instead, such as {{x | "home"}}',
      'partners/acme.json /pages/landing/sections/4/props/title: this text holds a private-use character (U+E000 to U+E002) that the site uses to mark placeholders; remove it',
    ]);
  });
});
