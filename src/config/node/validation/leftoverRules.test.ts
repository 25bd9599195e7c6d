import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../generated/partner.ts';
import { placeholderText } from '../../placeholders.ts';
import { siteAddresses } from '../../siteAddresses.ts';
import { checkAllWith, checkWith, acmePartner } from '../../../../tests/support/partnerCheck.ts';

/** The demo copied as "acme" and given its own name, as a partner manager starts one. */
function renamedCopy(edit: (partner: PartnerConfig) => void = () => {}): PartnerConfig {
  const partner = { ...acmePartner(), name: 'Acme Homes' };
  edit(partner);
  return partner;
}

const heroOf = (partner: PartnerConfig) => {
  const hero = partner.pages.landing.sections.find((section) => section.type === 'hero');
  if (hero?.type !== 'hero') throw new Error('the demo has a hero');
  return hero;
};

describe('leftovers of the partner a file was copied from', () => {
  it('refuses a consent line that names another partner, at the consent line', () => {
    const { problems } = checkAllWith(renamedCopy());
    expect(problems).toEqual([
      'partners/acme.json /form/consentText: the consent line names "Demo Partner", another partner (partners/demo.json): visitors would agree to that company receiving their report; name Acme Homes instead, or remove the line to use the standard sentence with this partner\'s name',
    ]);
  });

  it('passes once the consent line names the partner itself', () => {
    const partner = renamedCopy((p) => {
      p.form.consentText =
        'By continuing, you consent to Acme Homes receiving your home safety report.';
    });
    expect(checkWith(partner)).toEqual([]);
  });

  it("warns about another partner's name in any other text, as a whole word and in any case", () => {
    const partner = renamedCopy((p) => {
      delete p.form.consentText;
      heroOf(p).props.title = 'Brought to you with DEMO PARTNER';
      heroOf(p).props.subtitle = 'Now at Lowe’s stores'; // a typographic apostrophe, as people type
      heroOf(p).props.description = 'Demo Partnership programmes are not a name';
    });
    const { problems, warnings } = checkAllWith(partner);
    expect(problems).toEqual([]);
    const texts = warnings.filter((line) => line.includes('another partner ('));
    expect(texts).toEqual([
      'partners/acme.json /branding/logoAlt: this text names "Demo Partner", another partner (partners/demo.json); if it was left from a copy, write Acme Homes or this partner\'s own words',
      'partners/acme.json /pages/landing/sections/0/props/title: this text names "Demo Partner", another partner (partners/demo.json); if it was left from a copy, write Acme Homes or this partner\'s own words',
      'partners/acme.json /pages/landing/sections/0/props/subtitle: this text names "Lowe\'s", another partner (partners/lowes.json); if it was left from a copy, write Acme Homes or this partner\'s own words',
    ]);
  });

  it("warns about pictures in another partner's folder, but not the product's own", () => {
    const { warnings } = checkAllWith(renamedCopy());
    const pictures = warnings.filter((line) => line.includes('this picture belongs to'));
    expect(pictures.length).toBeGreaterThan(0);
    // Said for a partner manager: whose it is and what to do, no folder to copy files into.
    for (const line of pictures) {
      expect(line).toContain('belongs to the partner demo, not this one; upload this partner');
      expect(line).not.toContain('public/');
    }
    expect(pictures.some((line) => line.includes('/branding/logoSrc'))).toBe(true);
    expect(pictures.some((line) => line.includes('/props/desktopBg'))).toBe(true);

    const generic = renamedCopy((p) => {
      heroOf(p).props.desktopBg = '/partners/default/hero-desktop.svg';
    });
    expect(checkAllWith(generic).warnings.join('\n')).not.toContain('/props/desktopBg');
  });

  it('warns about a copy that kept the name of the partner it came from', () => {
    const { problems, warnings } = checkAllWith(acmePartner());
    expect(problems).toEqual([]);
    expect(warnings).toContain(
      'partners/acme.json /name: partners/demo.json has the same name, "Demo Partner"; give each partner its own name (its visitors read it in the browser tab and the consent line)',
    );
  });

  it("warns about a text that is still a new block's placeholder, in a variant's own blocks too", () => {
    const partner = renamedCopy((p) => {
      p.form.consentText =
        'By continuing, you consent to Acme Homes receiving your home safety report.';
      heroOf(p).props.title = placeholderText('title');
      p.pages.landing.experiment = {
        variants: [
          { id: 'short', weight: 50, overrides: { [heroOf(p).id]: { subtitle: 'New subtitle' } } },
        ],
      };
    });
    const { problems, warnings } = checkAllWith(partner);
    expect(problems).toEqual([]);
    const placeholders = warnings.filter((line) => line.includes('a new block starts with'));
    expect(placeholders).toEqual([
      'partners/acme.json /pages/landing/sections/0/props/title: this still reads "New title", the text a new block starts with; write what visitors should read here',
      `partners/acme.json /pages/landing/experiment/variants/0/overrides/${heroOf(partner).id}/subtitle: this still reads "New subtitle", the text a new block starts with; write what visitors should read here`,
    ]);
  });

  it('does not take an ordinary text for a placeholder', () => {
    const partner = renamedCopy((p) => {
      p.form.consentText =
        'By continuing, you consent to Acme Homes receiving your home safety report.';
      heroOf(p).props.title = 'New homes, safer steps';
    });
    expect(checkAllWith(partner).warnings.join('\n')).not.toContain('a new block starts with');
  });
});

describe('partner ids the site itself answers at', () => {
  const idPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  for (const id of Object.keys(siteAddresses).filter((word) => idPattern.test(word))) {
    it(`refuses the id "${id}"`, () => {
      const partner = { ...renamedCopy(), id };
      partner.form.consentText =
        'By continuing, you consent to Acme Homes receiving your home safety report.';
      expect(checkWith(partner, `partners/${id}.json`)).toEqual([
        `partners/${id}.json /id: the address /${id} belongs to ${siteAddresses[id]}, so it cannot be a partner's page; choose another id, such as "${id}-homes"`,
      ]);
    });
  }

  it("covers every top-level name of the site's public folder and build", () => {
    const publicNames = readdirSync(join(import.meta.dirname, '../../../../public')).map((name) =>
      name.replace(/\.[a-z]+$/, ''),
    );
    // The build's script folder (Vite's assetsDir), the partner data the build writes, and the
    // server's own addresses (server/app.ts: /api/..., /metrics).
    for (const name of [...publicNames, 'assets', 'partner-data', 'api', 'metrics', 'claim-offer'])
      expect(Object.keys(siteAddresses), name).toContain(name);
  });
});
