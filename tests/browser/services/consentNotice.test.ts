import { afterEach, describe, expect, it } from 'vitest';
import type { ConsentChoice } from '../../../src/config/consentRule.ts';
import { consentNoticeHtml } from '../../../src/services/consent/notice.ts';
import { noticeWordsIn } from '../../../src/services/consent/noticeWords.ts';
import { wireNotice } from '../../../src/services/measurement/notice.ts';
import type { Language } from '../../../src/i18n/languages.ts';

/*
 * The notice's script in a real page: it says the saved answer with the sentences the notice
 * brought (its status region's data attributes), so a Spanish notice answers in Spanish, and a
 * page without a prerendered notice gets one in the app's language.
 */
const notice = async (language: Language, ask = true) =>
  consentNoticeHtml({
    partnerName: 'Acme',
    tags: { googleTagId: 'G-ABCDEF1234' },
    ask,
    words: await noticeWordsIn(language),
  });

afterEach(() => {
  document.body.replaceChildren();
});

describe('the consent notice in the page', () => {
  it('says the saved answer in the notice’s language, and hides the notice', async () => {
    document.body.insertAdjacentHTML('afterbegin', await notice('es'));
    const choices: ConsentChoice[] = [];
    await wireNotice(
      document,
      (choice) => choices.push(choice),
      () => Promise.reject(new Error('no fallback')),
    );
    document.querySelector<HTMLButtonElement>('[data-consent="reject"]')?.click();
    expect(choices).toEqual([{ analytics: 'denied', ads: 'denied' }]);
    expect(document.getElementById('hs-consent')?.hidden).toBe(true);
    expect(document.getElementById('hs-consent-status')?.textContent).toBe(
      'Gracias. Su respuesta quedó guardada: no se usarán cookies de análisis ni de publicidad.',
    );
  });

  it('puts the fallback notice, hidden, on a page that came without one, and answers in English', async () => {
    await wireNotice(
      document,
      () => undefined,
      () => notice('en', false),
    );
    const region = document.getElementById('hs-consent');
    expect(region?.getAttribute('aria-label')).toBe('Cookie choices');
    expect(region?.hidden).toBe(true);
    document.querySelector<HTMLButtonElement>('[data-consent="accept"]')?.click();
    expect(document.getElementById('hs-consent-status')?.textContent).toBe(
      'Thank you. Your answer is saved: cookies are on.',
    );
  });
});
