import { describe, expect, it } from 'vitest';
import { pagesToPrerender } from './pages.ts';
import { loadPartners } from '../../tests/support/partners.ts';

describe('pagesToPrerender', () => {
  const partners = loadPartners();
  const pages = pagesToPrerender(partners);

  it("lists every partner file's landing and claim-offer pages, so a new partner needs no code", () => {
    for (const partner of partners) {
      expect(pages).toContainEqual({
        partner: partner.id,
        kind: 'landing',
        pageKey: 'landing',
        path: `/${partner.id}`,
        hostname: '',
        file: `${partner.id}/index.html`,
        language: 'en',
      });
      expect(pages).toContainEqual({
        partner: partner.id,
        kind: 'claimOffer',
        pageKey: 'claimOffer',
        path: `/${partner.id}/claim-offer`,
        hostname: '',
        file: `${partner.id}/claim-offer/index.html`,
        language: 'en',
      });
    }
    // A new partner file, in English only and in English and Spanish: a copy of demo (which
    // offers Spanish) by id, not the partner that happens to sort second (an added partner that
    // offers Spanish took that place and failed this test).
    const demo = partners.find((partner) => partner.id === 'demo')!;
    const englishOnly = { ...demo, languages: undefined, translations: undefined };
    const added = pagesToPrerender([
      ...partners,
      { ...englishOnly, id: 'acme', hosts: [] },
      { ...demo, id: 'acme-es', hosts: [], languages: ['en', 'es'] },
    ]);
    const files = (id: string) =>
      added.filter((page) => page.partner === id).map((page) => page.file);
    expect(files('acme')).toEqual(['acme/index.html', 'acme/claim-offer/index.html']);
    expect(files('acme-es')).toEqual([
      'acme-es/index.html',
      'acme-es/claim-offer/index.html',
      'acme-es/es/index.html',
      'acme-es/es/claim-offer/index.html',
    ]);
  });

  it('lists every extra campaign page at /{id}/{slug}', () => {
    const demo = partners.find((partner) => partner.id === 'demo')!;
    const spring = { slug: 'spring-offer', sections: demo.pages.landing.sections };
    const withCampaign = { ...demo, id: 'acme', hosts: [], pages: { ...demo.pages, spring } };
    expect(pagesToPrerender([withCampaign])).toContainEqual({
      partner: 'acme',
      kind: 'campaign',
      pageKey: 'spring',
      path: '/acme/spring-offer',
      hostname: '',
      file: 'acme/spring-offer/index.html',
      language: 'en',
    });
  });

  it("puts the default partner's pages at the root too", () => {
    expect(pages.filter((page) => page.file === 'index.html')).toEqual([
      {
        partner: 'default',
        kind: 'landing',
        pageKey: 'landing',
        path: '/',
        hostname: '',
        file: 'index.html',
        language: 'en',
      },
    ]);
    expect(pages.some((page) => page.file === 'claim-offer/index.html')).toBe(true);
  });

  it('renders the root pages of a partner with host names for its first host', () => {
    const lowes = partners.find((partner) => partner.id === 'lowes')!;
    // Host pages only for a partner with host names, for its first one (whatever partners exist);
    // its Spanish ones are the last test's.
    for (const page of pages.filter((candidate) => candidate.hostname !== '')) {
      const owner = partners.find((partner) => partner.id === page.partner);
      expect(owner?.hosts[0], page.file).toBe(page.hostname);
    }
    expect(
      pages.filter(
        (page) => page.partner === 'lowes' && page.hostname !== '' && page.language === 'en',
      ),
    ).toEqual([
      {
        partner: 'lowes',
        kind: 'landing',
        pageKey: 'landing',
        path: '/',
        hostname: lowes.hosts[0],
        file: '_host/lowes/index.html',
        language: 'en',
      },
      {
        partner: 'lowes',
        kind: 'claimOffer',
        pageKey: 'claimOffer',
        path: '/claim-offer',
        hostname: lowes.hosts[0],
        file: '_host/lowes/claim-offer/index.html',
        language: 'en',
      },
    ]);
  });

  it('renders every page again in each other language the partner lists, under its code', () => {
    const partner = partners.find((entry) => entry.id === 'lowes');
    if (!partner) throw new Error('no lowes');
    const spanish = pagesToPrerender([{ ...partner, languages: ['en', 'es'] }]).filter(
      (page) => page.language === 'es',
    );
    expect(spanish.map((page) => [page.hostname, page.path, page.file])).toEqual([
      ['', '/lowes/es', 'lowes/es/index.html'],
      ['', '/lowes/es/claim-offer', 'lowes/es/claim-offer/index.html'],
      ['homesafety.lowes.com', '/es', '_host/lowes/es/index.html'],
      ['homesafety.lowes.com', '/es/claim-offer', '_host/lowes/es/claim-offer/index.html'],
    ]);
  });
});
