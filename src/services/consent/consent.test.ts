import { describe, expect, it } from 'vitest';
import type { ConsentContext } from '../../config/consentRule.ts';
import {
  consentModeState,
  partnerTags,
  siteWideTags,
  tagsToLoad,
  type PartnerTags,
} from '../../config/tagRules.ts';
import { consentNoticeHtml, CONSENT_EARLY_SCRIPT } from './notice.ts';
import { noticeWordsIn } from './noticeWords.ts';
import { consentWords } from '../../i18n/areas/consent.ts';

const OWN = {
  googleTagId: 'G-ACME12345',
  tagManagerId: 'GTM-ACME123',
  metaPixelId: '123456789012345',
};
const SITE = siteWideTags({
  VITE_GA_MEASUREMENT_ID: 'G-SITE12345',
  VITE_GTM_CONTAINER_ID: 'GTM-SITE123',
});

describe("a partner's tags", () => {
  it('are its own; the site-wide Google ids only for a partner that names no Google id', () => {
    expect(partnerTags(OWN, SITE)).toEqual(OWN);
    expect(partnerTags({ googleTagId: 'G-ACME12345' }, SITE)).toEqual({
      googleTagId: 'G-ACME12345',
    });
    expect(partnerTags({ metaPixelId: '123456789012345' }, SITE)).toEqual({
      googleTagId: 'G-SITE12345',
      tagManagerId: 'GTM-SITE123',
      metaPixelId: '123456789012345',
    });
    expect(partnerTags(undefined, SITE)).toEqual(SITE);
    expect(partnerTags(undefined, {})).toEqual({});
    expect(partnerTags({ askConsent: true }, {})).toEqual({});
  });

  it('drop anything that is not an id', () => {
    expect(
      partnerTags(
        { googleTagId: 'UA-1234-1', tagManagerId: 'GTM-1"><script>', metaPixelId: '12' },
        {},
      ),
    ).toEqual({});
    expect(
      siteWideTags({ VITE_GA_MEASUREMENT_ID: ' G-XYZ9876 ', VITE_GTM_CONTAINER_ID: '' }),
    ).toEqual({
      googleTagId: 'G-XYZ9876',
    });
  });
});

describe('which tags load under which choice', () => {
  const cases: [string, ConsentContext, PartnerTags][] = [
    ['asks, no choice yet', { askConsent: true, choice: undefined, gpc: false }, {}],
    [
      'asks, accepted',
      { askConsent: true, choice: { analytics: 'granted', ads: 'granted' }, gpc: false },
      OWN,
    ],
    [
      'asks, rejected',
      { askConsent: true, choice: { analytics: 'denied', ads: 'denied' }, gpc: false },
      {},
    ],
    [
      'asks, accepted, Global Privacy Control',
      { askConsent: true, choice: { analytics: 'granted', ads: 'granted' }, gpc: true },
      { googleTagId: OWN.googleTagId, tagManagerId: OWN.tagManagerId },
    ],
    ['opt-out, no choice', { askConsent: false, choice: undefined, gpc: false }, OWN],
    [
      'opt-out, Global Privacy Control',
      { askConsent: false, choice: undefined, gpc: true },
      { googleTagId: OWN.googleTagId, tagManagerId: OWN.tagManagerId },
    ],
    [
      'opt-out, rejected from the footer',
      { askConsent: false, choice: { analytics: 'denied', ads: 'denied' }, gpc: false },
      {},
    ],
    [
      'analytics only (a v1.g.d cookie)',
      { askConsent: true, choice: { analytics: 'granted', ads: 'denied' }, gpc: false },
      { googleTagId: OWN.googleTagId, tagManagerId: OWN.tagManagerId },
    ],
  ];
  it.each(cases)('%s', (_name, context, expected) => {
    expect(tagsToLoad(OWN, context)).toEqual(expected);
  });

  it('gives Consent Mode the same answer: GPC denies the three advertising signals', () => {
    expect(consentModeState({ askConsent: false, choice: undefined, gpc: true })).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
    expect(consentModeState({ askConsent: true, choice: undefined, gpc: false })).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    });
  });
});

describe('the consent notice HTML', () => {
  it('is a labelled region with Accept and Reject drawn alike, what is collected, and the privacy link', async () => {
    const html = consentNoticeHtml({
      partnerName: 'Acme <Homes>',
      tags: OWN,
      ask: true,
      privacyHref: 'https://acme.example/privacy',
      words: await noticeWordsIn('en'),
    });
    expect(html).toMatch(/^<script>/);
    expect(html).toContain(`<script>${CONSENT_EARLY_SCRIPT}</script>`);
    expect(html).toMatch(/<section id="hs-consent" aria-label="Cookie choices">/);
    // A plain form: an answer given before the page's script runs is posted and saved.
    expect(html).toContain(
      '<form class="hs-consent-actions" method="post" action="/api/consent"><button type="submit" name="choice" value="accept" data-consent="accept">Accept</button><button type="submit" name="choice" value="reject" data-consent="reject">Reject</button></form>',
    );
    expect(html).toContain(
      'Acme &lt;Homes&gt; would like to use cookies from Google and Meta (Facebook)',
    );
    expect(html.match(/<li>/g)).toHaveLength(3);
    expect(html).toContain('<a href="https://acme.example/privacy">Read our privacy policy</a>');
    // The page's script says these once the visitor answers: it carries no words of its own.
    expect(html).toContain(
      '<p id="hs-consent-status" role="status" data-accepted="Thank you. Your answer is saved: cookies are on." data-rejected="Thank you. Your answer is saved: no cookies for analytics or ads."></p>',
    );
  });

  it('is hidden, without its early line, for a partner that does not ask, and names only its tags', async () => {
    const html = consentNoticeHtml({
      partnerName: 'Acme',
      tags: { metaPixelId: OWN.metaPixelId },
      ask: false,
      words: await noticeWordsIn('en'),
    });
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<section id="hs-consent" aria-label="Cookie choices" hidden>/);
    expect(html).toContain('cookies from Meta (Facebook) to');
    expect(html.match(/<li>/g)).toHaveLength(1);
    expect(html).not.toContain('privacy policy');
  });

  it('is written in Spanish on a Spanish page, with no English sentence left', async () => {
    const html = consentNoticeHtml({
      partnerName: 'Acme',
      tags: OWN,
      ask: true,
      privacyHref: 'https://acme.example/privacy',
      words: await noticeWordsIn('es'),
    });
    expect(html).toMatch(/<section id="hs-consent" aria-label="Opciones de cookies">/);
    expect(html).toContain('data-consent="accept">Aceptar</button>');
    expect(html).toContain('Acme quisiera usar cookies de Google y Meta (Facebook)');
    expect(html).toContain('data-accepted="Gracias. Su respuesta quedó guardada');
    // Every English sentence of the notice is gone (the companies' names are names).
    const english = Object.entries(consentWords.en)
      .filter(([key]) => !['google', 'meta'].includes(key))
      .map(([, message]) => String(message).split('{')[0]?.trim() ?? '')
      .filter((text) => text.length > 0);
    expect(english.length).toBeGreaterThan(10);
    for (const text of english) expect(html).not.toContain(text.slice(0, 24));
    expect(html).not.toMatch(/\b(the|your|you|cookies from|Accept|Reject|Read our)\b/);
  });

  it('has an early line that hides it only for a remembered v1 choice', () => {
    const run = (cookie: string) => {
      const added: string[] = [];
      const document = {
        cookie,
        documentElement: { classList: { add: (name: string) => added.push(name) } },
      };
      new Function('document', CONSENT_EARLY_SCRIPT)(document);
      return added;
    };
    expect(run('a=1; hs_consent=v1.d.d')).toEqual(['hs-consent-chosen']);
    expect(run('hs_consent=v1.g.g; b=2')).toEqual(['hs-consent-chosen']);
    expect(run('xhs_consent=v1.g.g')).toEqual([]);
    expect(run('hs_consent=v2.g.g')).toEqual([]);
    expect(run('')).toEqual([]);
  });
});
