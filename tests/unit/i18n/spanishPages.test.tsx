import { parse, type Token } from '@messageformat/parser';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppFrame, AppRoutes } from '../../../src/app/App.tsx';
import type { PartnerConfig } from '../../../src/config/generated/partner.ts';
import { partners } from '../../../src/config/partners.ts';
import { signupErrorIn } from '../../../src/forms/signup/signupError.ts';
import { validateSignup } from '../../../src/forms/signup/messages.ts';
import { validateHomeProfile } from '../../../src/forms/homeProfile/homeProfileForm.ts';
import { resendErrorText } from '../../../src/flows/resendLink/resendError.ts';
import { alertsWords } from '../../../src/i18n/areas/alerts.ts';
import { blocksWords } from '../../../src/i18n/areas/blocks.ts';
import { consentWords } from '../../../src/i18n/areas/consent.ts';
import { formsWords } from '../../../src/i18n/areas/forms.ts';
import { journeyWords } from '../../../src/i18n/areas/journey.ts';
import { offerWords } from '../../../src/i18n/areas/offer.ts';
import { shellWords } from '../../../src/i18n/areas/shell.ts';
import { LanguageProvider } from '../../../src/i18n/languageContext.tsx';
import { catalogueIn, textOf, type Catalogue, type Words } from '../../../src/i18n/words.ts';
import { loadAllPrecompiledValidators } from '../../../src/forms/validation/precompiled.ts';
import { preloadBlocks, registeredBlockTypes } from '../../../src/blocks/registry.ts';
import { alertText, alertTitle } from '../../../src/ui/Alerts/alertText.ts';
import { ApiError } from '../../../src/services/api.ts';
import { fakeServices } from '../../support/fakeServices.ts';
import { consentNoticeHtml } from '../../../src/services/consent/notice.ts';
import { noticeWordsIn } from '../../../src/services/consent/noticeWords.ts';

/*
 * Issue 37's evidence for the product's own words: every page of the journey, rendered as the
 * prerender renders it but under <LanguageProvider value="es">, shows no text of the English
 * catalogue. The partner's own texts are the partner file's (another part of issue 37 translates
 * them) and are set aside: a text on the page that is part of one of the partner's strings is the
 * partner's. What the server cannot render (validation after a submit, an alert, a failure after
 * a call) is checked through the functions that say it, in Spanish.
 */
const areas: Record<string, Words<Catalogue>> = {
  shell: shellWords,
  offer: offerWords,
  blocks: blocksWords,
  alerts: alertsWords,
  forms: formsWords,
  journey: journeyWords,
  consent: consentWords,
};

/**
 * Words that are the same in both languages, so finding them is no English left behind:
 * "No" (the answer to "¿La vivienda es de su propiedad?") is Spanish too, and the consent
 * notice's companies are names.
 */
const sameInSpanish = new Set(['No', 'Google', 'Meta (Facebook)']);

/** Every piece of fixed text an English message puts on a page (the text around placeholders). */
function fragments(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token) => {
    if (token.type === 'content') return [token.value];
    if (token.type === 'plural' || token.type === 'select')
      return token.cases.flatMap((entry) => fragments(entry.tokens));
    return [];
  });
}

const englishTexts = [
  ...new Set(
    Object.values(areas).flatMap((words) =>
      Object.values(words.en as Record<string, unknown>)
        .filter((source): source is string => typeof source === 'string')
        .flatMap((source) => fragments(parse(source))),
    ),
  ),
]
  .map((text) => text.trim())
  // A fragment with a word in it ("Price:", "of"), not punctuation alone.
  .filter((text) => /[A-Za-z]{2}/.test(text) && !sameInSpanish.has(text));

const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, '\u00a0');

/** What a visitor reads or hears: text between tags, and the attributes that are words. */
function pageTexts(html: string): string[] {
  const body = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  const texts = [...body.matchAll(/>([^<]+)</g)].map((match) => match[1] ?? '');
  const attributes = [
    // data-accepted and data-rejected: the consent notice's status sentences, said once answered.
    ...body.matchAll(
      /\s(?:alt|aria-label|aria-roledescription|placeholder|title|data-accepted|data-rejected)="([^"]*)"/g,
    ),
  ].map((match) => match[1] ?? '');
  return [...texts, ...attributes].map((text) => decode(text).trim()).filter(Boolean);
}

/** Every string of the partner file: its own words, not the product's. */
function partnerStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value, decode(value.replace(/<[^>]*>/g, ''))];
  if (Array.isArray(value)) return value.flatMap(partnerStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(partnerStrings);
  return [];
}

const wordPattern = (text: string) =>
  new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');
const englishPatterns = englishTexts.map((text) => [text, wordPattern(text)] as const);

/** The English catalogue's texts in `texts`, once the partner's own words are set aside. */
function englishIn(texts: readonly string[], partner: PartnerConfig): string[] {
  // The language codes it lists ("en", "es") are not words of its own.
  const own = partnerStrings({ ...partner, languages: [] })
    .filter((string) => string.trim().length > 1)
    .sort((a, b) => b.length - a.length);
  return texts
    .filter((text) => !own.some((string) => string.includes(text)))
    .map((text) => own.reduce((rest, string) => rest.replaceAll(string, ' '), text))
    .flatMap((text) =>
      englishPatterns
        .filter(([, pattern]) => pattern.test(text))
        .map(([english]) => `"${english}" in "${text}"`),
    );
}

const englishOn = (html: string, partner: PartnerConfig) => englishIn(pageTexts(html), partner);

const partner = (id: string) => {
  const found = partners.find((entry) => entry.id === id);
  if (!found) throw new Error(`no partner ${id}`);
  return found;
};

async function renderSpanish(
  shown: PartnerConfig,
  location: string | { pathname: string; search?: string; state?: unknown },
  {
    queries,
    services = fakeServices(),
  }: { queries?: QueryClient; services?: ReturnType<typeof fakeServices> } = {},
): Promise<string> {
  const withQueries = (children: ReactNode) =>
    queries ? <QueryClientProvider client={queries}>{children}</QueryClientProvider> : children;
  // The page's language comes from its address (/lowes/es/claim-offer): the Spanish address.
  const inSpanish = (pathname: string) => pathname.replace(/^\/([^/?]+)/, '/$1/es');
  const spanishLocation =
    typeof location === 'string'
      ? inSpanish(location)
      : { ...location, pathname: inSpanish(location.pathname) };
  const { prelude } = await prerender(
    <AppFrame services={services} catalog={{ resolve: () => shown }} prerenderHost="">
      <LanguageProvider value="es">
        {withQueries(
          <StaticRouter location={spanishLocation}>
            <AppRoutes />
          </StaticRouter>,
        )}
      </LanguageProvider>
    </AppFrame>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

const base64Url = (value: string) =>
  Buffer.from(value).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const claimToken = (payload: object) =>
  `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;

const signupState = { form: { email: 'ana@example.com' }, actionToken: 'action-1' };

beforeAll(async () => {
  await preloadBlocks(registeredBlockTypes);
  await loadAllPrecompiledValidators();
});

describe('every page of the journey in Spanish shows no English word of the catalogue', () => {
  const lowes = partner('lowes');
  const free = partner('cor-freedom');
  const seeded = (key: unknown[], data: unknown) => {
    const client = new QueryClient();
    client.setQueryData(key, data);
    return client;
  };
  /** A text each page shows when it rendered as it should (a Spanish one of the page's own). */
  const shows: Record<string, string> = {
    landing: 'Todos los derechos reservados.',
    'claim offer (the email capture)': '(obligatorio)',
    'process without the signup (start again)': 'Necesitamos empezar de nuevo con su pago',
    'process: the test checkout': 'Simular una tarjeta rechazada',
    'process: the free claim': 'Obtener mi escaneo gratuito',
    'payment return without its link': 'No encontramos su pedido',
    'payment return: pending (lowes)': 'Estamos confirmando su pago',
    'payment return: pending (cor-freedom)': 'Estamos confirmando su solicitud',
    'payment return: canceled (lowes)': 'Pago cancelado',
    'payment return: canceled (cor-freedom)': 'Solicitud cancelada',
    'payment return: failed (lowes)': 'El pago no se pudo completar',
    'payment return: failed (cor-freedom)': 'La solicitud no se pudo completar',
    'payment return: expired (lowes)': 'El tiempo para pagar se terminó',
    'payment return: expired (cor-freedom)': 'El tiempo para esta solicitud se terminó',
    'payment return: completed without its token (lowes)': 'Recibimos su pago; falta un momento',
    'payment return: completed without its token (cor-freedom)':
      'Solicitud confirmada; falta un momento',
    'create home: the form': '¿Qué opción describe mejor su situación?',
    'create home: no link code': 'A este enlace le falta su código',
    'create home: a broken link': 'Este enlace parece incompleto',
    'create home: an expired link': 'Este enlace ya venció',
    complete: 'Ya tenemos listo su escaneo del hogar con descuento.',
    resend: 'Enviarme el enlace otra vez',
  };
  const pages: [string, () => Promise<[string, PartnerConfig]>][] = [
    ['landing', async () => [await renderSpanish(lowes, '/lowes'), lowes]],
    [
      'claim offer (the email capture)',
      async () => [await renderSpanish(lowes, '/lowes/claim-offer'), lowes],
    ],
    [
      'process without the signup (start again)',
      async () => [await renderSpanish(lowes, '/lowes/claim-offer/process'), lowes],
    ],
    [
      'process: the test checkout',
      async () => [
        await renderSpanish(
          lowes,
          { pathname: '/lowes/claim-offer/process', state: signupState },
          {
            queries: seeded(['checkout-session', 'action-1'], {
              sessionId: 'cs_test_1',
              details: { email: 'ana@example.com', amountCents: 7500 },
            }),
          },
        ),
        lowes,
      ],
    ],
    [
      'process: the free claim',
      async () => [
        await renderSpanish(free, {
          pathname: '/cor-freedom/claim-offer/process',
          state: signupState,
        }),
        free,
      ],
    ],
    [
      'payment return without its link',
      async () => [await renderSpanish(lowes, '/lowes/claim-offer/payment-return'), lowes],
    ],
    ...(['pending', 'canceled', 'failed', 'expired', 'completed'] as const).flatMap((status) =>
      [lowes, free].map(
        (shown) =>
          [
            `payment return: ${status}${status === 'completed' ? ' without its token' : ''} (${shown.id})`,
            async () => [
              await renderSpanish(
                shown,
                `/${shown.id}/claim-offer/payment-return?orderId=o-1&t=tok`,
                {
                  queries: seeded(['checkout-status', 'o-1', 'tok'], { status }),
                },
              ),
              shown,
            ],
          ] as [string, () => Promise<[string, PartnerConfig]>],
      ),
    ),
    [
      'create home: the form',
      async () => [
        await renderSpanish(
          lowes,
          `/lowes/claim-offer/create-home?t=${claimToken({ reportID: 'r-1' })}`,
        ),
        lowes,
      ],
    ],
    [
      'create home: no link code',
      async () => [await renderSpanish(lowes, '/lowes/claim-offer/create-home'), lowes],
    ],
    [
      'create home: a broken link',
      async () => [await renderSpanish(lowes, '/lowes/claim-offer/create-home?t=a.b'), lowes],
    ],
    [
      'create home: an expired link',
      async () => [
        await renderSpanish(
          lowes,
          `/lowes/claim-offer/create-home?t=${claimToken({ reportID: 'r-1', exp: 946_684_800 })}`,
        ),
        lowes,
      ],
    ],
    ['complete', async () => [await renderSpanish(lowes, '/lowes/claim-offer/complete'), lowes]],
    ['resend', async () => [await renderSpanish(lowes, '/lowes/claim-offer/resend'), lowes]],
  ];

  it.each(pages)('%s', async (name, render) => {
    // The checkout builds its return address from the page's (the browser's window).
    vi.stubGlobal('window', { location: new URL('https://lowes.example/') });
    try {
      const [html, shown] = await render();
      // The page rendered what it is about (not the error page), in Spanish.
      expect(html).not.toContain('Esta página no se pudo cargar');
      expect(decode(html)).toContain(shows[name]);
      expect(englishOn(html, shown)).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('finds the English it looks for (the same page in English fails it)', async () => {
    const lowes = partner('lowes');
    const { prelude } = await prerender(
      <AppFrame services={fakeServices()} catalog={{ resolve: () => lowes }} prerenderHost="">
        <StaticRouter location="/lowes/claim-offer/complete">
          <AppRoutes />
        </StaticRouter>
      </AppFrame>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const found = englishOn(await new Response(prelude).text(), lowes);
    expect(found).toContain('"Skip to main content" in "Skip to main content"');
    expect(found).toContain(
      `"We've set up your Discounted Home Scan." in "We've set up your Discounted Home Scan."`,
    );
  });

  it('writes the consent notice (prerendered before the app) in Spanish, and the same notice in English fails it', async () => {
    const lowes = partner('lowes');
    const notice = async (language: 'en' | 'es') =>
      consentNoticeHtml({
        partnerName: lowes.name,
        tags: {
          googleTagId: 'G-ABCDEF1234',
          tagManagerId: 'GTM-ABC123',
          metaPixelId: '1234567890',
        },
        ask: true,
        privacyHref: '/privacy',
        words: await noticeWordsIn(language),
      });
    expect(englishOn(await notice('es'), lowes)).toEqual([]);
    expect(englishOn(await notice('en'), lowes).length).toBeGreaterThan(10);
  });

  it('says in Spanish what only shows after a submit or a call: validation, alerts, failures', async () => {
    const forms = textOf(await catalogueIn(formsWords, 'es'));
    const journey = textOf(await catalogueIn(journeyWords, 'es'));
    const alerts = textOf(await catalogueIn(alertsWords, 'es'));
    const corFreedom = partner('cor-freedom');
    const { fields } = corFreedom.form;
    const said = [
      ...Object.values(validateSignup(fields, {}, forms)),
      ...Object.values(validateSignup(fields, { email: 'nope', zipCode: '12' }, forms)),
      ...Object.values(validateHomeProfile({}, journey, forms)),
      ...Object.values(validateHomeProfile({ postalCode: '1' }, journey, forms)),
      ...(await Promise.all(
        [
          new TypeError('offline'),
          new ApiError(400, 'invalid_email', ''),
          new ApiError(403, 'captcha_error', ''),
          new ApiError(500, undefined, ''),
          new ApiError(429, undefined, ''),
        ].map((error) => signupErrorIn(error, 'es')),
      )),
      ...[
        new ApiError(429, undefined, ''),
        new ApiError(400, 'invalid_email', ''),
        new ApiError(403, 'captcha_error', ''),
        new TypeError('offline'),
      ].map((error) => resendErrorText(error, journey)),
      ...(['SUCCESS', 'INFO', 'WARNING', 'ERROR'] as const).flatMap((type) => [
        alertTitle(type, alerts),
        alertText({ type, msg: '' }, alerts),
      ]),
    ];
    expect(said.length).toBeGreaterThan(20);
    // The fields' labels in the messages are the partner's words.
    expect(englishIn(said, corFreedom)).toEqual([]);
  });
});
