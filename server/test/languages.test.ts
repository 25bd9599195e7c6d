import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import enEmail from '../../src/i18n/catalogues/en/email.json' with { type: 'json' };
import { PROJECT_ROOT } from '../app.ts';
import {
  formatPrice,
  lastDayToUse,
  renderConfirmationEmail,
  type ConfirmationEmailInput,
} from '../email/confirmationEmail.ts';
import { renderInstructionsEmail } from '../email/instructionsEmail.ts';
import type { RenderedEmail } from '../email/instructionsEmail.ts';
import { claimOfferBase } from '../services/confirmations.ts';
import { startFakeStripe } from './fakeStripe.ts';
import {
  checkoutBody,
  completeBody,
  confirmationEmails,
  forBlock,
  getJson,
  must,
  pollStatus,
  postJson,
  resendLink,
  serverForBlock,
  stepTwoLink,
  testPayment,
  testSessionId,
  type Checkout,
  type TestServer,
} from './helpers.ts';

/**
 * Issue 37 on the server: the visitor's language rides on the signup and the order, and the
 * emails, their links, the resent link and the payment page follow it; the report splits by it.
 */
const loaded = loadConfig({ root: PROJECT_ROOT }).partners;
const fileOf = (id: string): PartnerConfig =>
  must(
    loaded.find((p) => p.id === id),
    id,
  );

/** A partner offering Spanish, as its file will say it (languages and the overlay's name). */
function inSpanishToo(id: string, overlay: Record<string, unknown> = {}): PartnerConfig {
  return Object.assign(structuredClone(fileOf(id)), {
    languages: ['en', 'es'],
    translations: { es: { name: `${fileOf(id).name} en español`, ...overlay } },
  });
}

// demo and cor-freedom (a free offer) offer Spanish; showcase stays English only (lowes offers Spanish in its own file).
const partners: PartnerConfig[] = loaded.map((partner) =>
  partner.id === 'demo' || partner.id === 'cor-freedom' ? inSpanishToo(partner.id) : partner,
);

const BASE = 'https://scan.example.test';

function confirmationInput(partner: PartnerConfig): ConfirmationEmailInput {
  return {
    partner,
    productName: 'HomeSafe Scan',
    amountCents: 7500,
    currency: 'usd',
    stepTwoUrl: `${BASE}/${partner.id}/claim-offer/create-home?t=abc.def`,
    linkExpiresAt: Date.UTC(2026, 11, 5, 9, 0, 0),
    resendUrl: `${BASE}/${partner.id}/claim-offer/resend`,
    publicBaseUrl: BASE,
    orderId: 'order-1',
    helpHref: 'mailto:help@homesafe-scan.example',
  };
}

const instructionsInput = (partner: PartnerConfig) => ({
  partner,
  productName: 'HomeSafe Scan',
  homeName: "Mom's <house>",
  reportId: 'report-123',
  scanUrl: `${BASE}/scan?report=report-123`,
  publicBaseUrl: BASE,
  helpHref: 'mailto:help@homesafe-scan.example',
});

describe('the emails in English stay word for word what they were', () => {
  // Rendered by the code before the catalogues (server/test/fixtures/emails/), same inputs.
  const fixture = (name: string): RenderedEmail =>
    JSON.parse(
      readFileSync(join(import.meta.dirname, 'fixtures', 'emails', `${name}.json`), 'utf8'),
    ) as RenderedEmail;
  const confirmations: [string, string, Partial<ConfirmationEmailInput>][] = [
    ['confirmation-demo-paid', 'demo', {}],
    ['confirmation-demo-free', 'demo', { amountCents: 0, helpHref: undefined }],
    ['confirmation-demo-resent', 'demo', { resent: true }],
    ['confirmation-default-paid', 'default', {}],
  ];
  for (const [name, id, change] of confirmations) {
    it(name, () => {
      const input = { ...confirmationInput(fileOf(id)), ...change };
      if (change.helpHref === undefined && 'helpHref' in change) delete input.helpHref;
      expect(renderConfirmationEmail(input)).toEqual(fixture(name));
    });
  }
  for (const id of ['lowes', 'default']) {
    it(`instructions-${id}`, () => {
      expect(renderInstructionsEmail(instructionsInput(fileOf(id)))).toEqual(
        fixture(`instructions-${id}`),
      );
    });
  }
});

/** The words of a text, lower case, letters only (accented ones too). */
const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

// Every word of the English catalogue, placeholders and ICU keywords aside.
const englishWords = new Set(
  Object.values(enEmail).flatMap((message) =>
    wordsOf(message.replace(/\{[^{}]*\}/g, ' ').replace(/\b(plural|one|other)\b/g, ' ')),
  ),
);
// Words both languages spell alike: Spanish "a", "no" and "plan" ("plan de acción").
const SHARED = new Set(['a', 'no', 'plan']);

function englishLeft(email: RenderedEmail, allowed: readonly string[]): string[] {
  const visible = `${email.subject}\n${email.text}\n${email.html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&[a-z]+;/g, ' ')}`
    .replace(/(https?:|mailto:)\S+/g, ' ')
    .replace(/[\w.-]+@[\w.-]+/g, ' ');
  const excepted = new Set(allowed.flatMap(wordsOf));
  return [
    ...new Set(
      wordsOf(visible).filter(
        (word) => englishWords.has(word) && !SHARED.has(word) && !excepted.has(word),
      ),
    ),
  ];
}

describe('the emails in Spanish', () => {
  const demo = inSpanishToo('demo');
  // Names, addresses and the brand are not words to translate.
  const names = [
    'HomeSafe Scan',
    demo.name,
    `${fileOf('demo').name} en español`,
    "Mom's house",
    'order-1',
    'report-123',
  ];

  it('hold no English word of the English catalogue, in either email and every case', () => {
    const emails = [
      renderConfirmationEmail({ ...confirmationInput(demo), language: 'es' }),
      renderConfirmationEmail({ ...confirmationInput(demo), language: 'es', amountCents: 0 }),
      renderConfirmationEmail({ ...confirmationInput(demo), language: 'es', resent: true }),
      renderInstructionsEmail({ ...instructionsInput(demo), language: 'es' }),
    ];
    for (const email of emails) expect(englishLeft(email, names)).toEqual([]);
    // The check can fail: the same emails in English are full of English words.
    const english = renderInstructionsEmail(instructionsInput(demo));
    expect(englishLeft(english, names).length).toBeGreaterThan(20);
  });

  it('say lang="es", the partner’s Spanish name, a date and a price formatted for Spanish', () => {
    const email = renderConfirmationEmail({ ...confirmationInput(demo), language: 'es' });
    expect(email.html).toContain('<html lang="es">');
    expect(email.subject).toBe(
      `Gracias: solo falta un paso para su HomeSafe Scan de ${fileOf('demo').name} en español`,
    );
    expect(email.text).toContain('Recibimos su pago de $75.00 por el HomeSafe Scan de');
    // Expires December 5, 09:00 UTC: the last day promised is December 3 (36 hours before).
    expect(email.text).toContain('(úselo a más tardar el jueves, 3 de diciembre)');
    expect(email.text).toContain('Funciona durante 7 días');
    expect(email.html).toContain('alt="Logotipo de ');
    expect(lastDayToUse(Date.UTC(2026, 11, 10, 0, 1), 'es-US')).toBe('martes, 8 de diciembre');
    // A code Intl does not know still reads as an amount.
    expect(formatPrice(7500, 'xx', 'es-US')).toBe('75.00 xx');
  });

  it('use the partner’s own how-it-works steps when its overlay translates every card', () => {
    const block = must(
      fileOf('demo').pages.landing.sections.find((section) => section.type === 'howItWorks'),
      'a how-it-works block',
    );
    const cards = [
      { title: 'Escanee cada habitación', description: 'Despacio, con su teléfono.' },
      { title: 'Conteste unas preguntas', description: 'Sobre quiénes viven allí.' },
      { title: 'Reciba su plan', description: 'Lo más importante primero.' },
    ];
    const translated = inSpanishToo('demo', { pages: { landing: { [block.id]: { cards } } } });
    const email = renderInstructionsEmail({ ...instructionsInput(translated), language: 'es' });
    expect(email.text).toContain('2. Escanee cada habitación\n   Despacio, con su teléfono.');
    // Without the overlay: the product's own steps, never the partner's English ones.
    const plain = renderInstructionsEmail({ ...instructionsInput(demo), language: 'es' });
    expect(plain.text).toContain('2. Recorra su hogar');
    expect(plain.html).toContain('<strong>“Mom&#39;s &lt;house&gt;”</strong>');
  });
});

describe('the email links open the order’s language', () => {
  const order = (returnUrl: string, language: 'en' | 'es') => ({
    partnerId: 'demo',
    returnUrl,
    language,
  });
  it('adds, keeps or removes the language segment after the partner prefix', () => {
    expect(claimOfferBase(order(`${BASE}/demo/claim-offer/payment-return`, 'es'), BASE)).toBe(
      `${BASE}/demo/es/claim-offer`,
    );
    expect(claimOfferBase(order(`${BASE}/demo/es/claim-offer/payment-return`, 'es'), BASE)).toBe(
      `${BASE}/demo/es/claim-offer`,
    );
    expect(claimOfferBase(order(`${BASE}/demo/es/claim-offer/payment-return`, 'en'), BASE)).toBe(
      `${BASE}/demo/claim-offer`,
    );
    // A partner on its own host has no prefix: /es/claim-offer.
    expect(
      claimOfferBase(order('https://lowes.example/es/claim-offer/payment-return', 'es'), BASE),
    ).toBe('https://lowes.example/es/claim-offer');
    expect(claimOfferBase(order('not a url', 'es'), BASE)).toBe(`${BASE}/demo/es/claim-offer`);
  });
});

const RETURN_ES = `${BASE}/demo/es/claim-offer/payment-return`;

async function signupIn(
  server: TestServer,
  email: string,
  referral: string,
  language?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return postJson(server, '/api/landing/signup', {
    email,
    captchaToken: 'local:landing_signup',
    referral,
    ...(language === undefined ? {} : { language }),
  });
}

async function checkoutIn(
  server: TestServer,
  actionToken: string,
  email: string,
  language?: string,
  returnUrl = RETURN_ES,
) {
  return postJson<Checkout & { error?: string; message?: string }>(
    server,
    '/api/stripe/api/create-checkout-session',
    { ...checkoutBody(actionToken, email, returnUrl), ...(language ? { language } : {}) },
  );
}

const orderLanguage = async (server: TestServer, orderId: string) =>
  (await server.row<{ language: string }>('SELECT language FROM orders WHERE id = ?', orderId))
    ?.language;

describe('the journey keeps the language (server and database)', () => {
  const server = serverForBlock({ build: { partners } });

  it('a Spanish signup’s order, payment page, emails and resent link are in Spanish', async () => {
    const email = 'abuela@example.com';
    const signedUp = await signupIn(server, email, 'demo', 'es');
    expect(signedUp.status).toBe(200);
    const actionToken = String(signedUp.body.actionToken);
    // No language on the checkout: the signup's.
    const checkout = must((await checkoutIn(server, actionToken, email)).body, 'checkout');
    expect(await orderLanguage(server, checkout.orderId)).toBe('es');

    const session = await getJson<{ language: string; partnerName: string }>(
      server,
      `/api/test-payments/${testSessionId(checkout.clientSecret)}`,
    );
    expect(session.body.language).toBe('es');
    expect(session.body.partnerName).toBe(`${fileOf('demo').name} en español`);

    const paid = await testPayment(server, checkout, 'pay');
    const status = await pollStatus(server, paid.orderId, paid.t);
    const [confirmation] = await confirmationEmails(server, email);
    const sent = must(confirmation, 'the confirmation email');
    expect(sent.subject).toMatch(/^Gracias: solo falta un paso/);
    expect(sent.html).toContain('<html lang="es">');
    expect(stepTwoLink(sent.text).pathname).toBe('/demo/es/claim-offer/create-home');
    expect(sent.text).toContain(`${BASE}/demo/es/claim-offer/resend`);

    const completed = await postJson(
      server,
      '/api/landing/complete',
      completeBody(must(status.body.claimToken, 'claim token')),
    );
    expect(completed.status).toBe(201);
    const instructions = must(
      await server.row<{ subject: string; text: string }>(
        "SELECT subject, text FROM outbox WHERE kind = 'instructions' AND to_address = ?",
        email,
      ),
      'the instructions email',
    );
    expect(instructions.subject).toMatch(/está listo: así puede empezar$/);
    expect(instructions.text).toContain("El escaneo de su hogar “Mom's house” ya está preparado");
  });

  it('a link sent again is in the order’s language, with its address', async () => {
    const email = 'tio@example.com';
    const actionToken = String((await signupIn(server, email, 'demo', 'es')).body.actionToken);
    const checkout = must((await checkoutIn(server, actionToken, email)).body, 'checkout');
    await testPayment(server, checkout, 'pay');
    expect((await resendLink(server, email)).status).toBe(202);
    await server.app.resendLinkIdle();
    const emails = await confirmationEmails(server, email);
    expect(emails).toHaveLength(2);
    const again = must(emails[1], 'the link sent again');
    expect(again.subject).toMatch(/^Su nuevo enlace para terminar su HomeSafe Scan/);
    expect(stepTwoLink(again.text).pathname).toBe('/demo/es/claim-offer/create-home');
  });

  it('the checkout’s language wins over the signup’s (the visitor switched back)', async () => {
    const email = 'switch@example.com';
    const actionToken = String((await signupIn(server, email, 'demo', 'es')).body.actionToken);
    const checkout = must((await checkoutIn(server, actionToken, email, 'en')).body, 'checkout');
    expect(await orderLanguage(server, checkout.orderId)).toBe('en');
    await testPayment(server, checkout, 'pay');
    const sent = must((await confirmationEmails(server, email))[0], 'confirmation');
    expect(sent.subject).toMatch(/^Thank you: your HomeSafe Scan/);
    expect(stepTwoLink(sent.text).pathname).toBe('/demo/claim-offer/create-home');
  });

  it('a free claim confirmed in Spanish sends its confirmation in Spanish', async () => {
    const email = 'gratis@example.com';
    const actionToken = String((await signupIn(server, email, 'cor-freedom')).body.actionToken);
    const checkout = must(
      (
        await checkoutIn(
          server,
          actionToken,
          email,
          undefined,
          `${BASE}/cor-freedom/claim-offer/payment-return`,
        )
      ).body,
      'checkout',
    );
    expect(checkout.provider).toBe('free');
    expect(await orderLanguage(server, checkout.orderId)).toBe('en');
    const confirmed = await postJson(server, '/api/landing/confirm-free-claim', {
      orderId: checkout.orderId,
      clientSecret: checkout.clientSecret,
      language: 'es',
    });
    expect(confirmed.status).toBe(200);
    expect(await orderLanguage(server, checkout.orderId)).toBe('es');
    const sent = must((await confirmationEmails(server, email))[0], 'confirmation');
    expect(sent.subject).toMatch(/es gratis: solo falta un paso$/);
    expect(stepTwoLink(sent.text).pathname).toBe('/cor-freedom/es/claim-offer/create-home');
  });

  it('refuses a language the product does not speak, or the partner does not offer', async () => {
    const unknown = await signupIn(server, 'fr@example.com', 'demo', 'fr');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: 'unsupported_language',
      message: 'This page is not offered in the language "fr". It is offered in: en, es.',
    });
    // showcase offers English only.
    const notOffered = await signupIn(server, 'showcase@example.com', 'showcase', 'es');
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.error).toBe('unsupported_language');
    expect(await server.row('SELECT id FROM signups WHERE email = ?', 'showcase@example.com')).toBe(
      undefined,
    );
    const token = String(
      (await signupIn(server, 'showcase@example.com', 'showcase')).body.actionToken,
    );
    const checkout = await checkoutIn(server, token, 'showcase@example.com', 'es');
    expect(checkout.status).toBe(400);
    expect(checkout.body.error).toBe('unsupported_language');
    // Not a language code at all: the contract refuses it.
    expect((await signupIn(server, 'x@example.com', 'demo', 'Spanish!')).status).toBe(400);
  });

  it('the report splits signups, paid orders and revenue by language', async () => {
    const before = await getJson<{
      languages: {
        rows: { partnerId: string; language: string; signups: number; orders: number }[];
      };
    }>(server, '/api/report?partner=demo');
    const row = (language: string) =>
      before.body.languages.rows.find((r) => r.partnerId === 'demo' && r.language === language);
    // From the tests above: two paid Spanish orders, one paid English one (signed up in Spanish).
    expect(row('es')).toMatchObject({ signups: 3, orders: 2 });
    expect(row('en')).toMatchObject({ signups: 0, orders: 1 });
    expect(before.body.languages.rows.map((r) => r.language)).toEqual(['en', 'es']);
    const text = await fetch(`${server.baseUrl}/api/report?partner=demo&format=text`);
    const body = await text.text();
    expect(body).toContain('By language');
    expect(body).toMatch(/Español \(es\)\s+3\s+2\s+\$150\.00/);
  });
});

describe('Stripe shows its page in the order’s language', () => {
  const fake = forBlock(startFakeStripe);
  const server = serverForBlock(() => ({
    env: { STRIPE_SECRET_KEY: 'sk_test_fake_key', ...fake.env },
    build: { partners },
  }));

  it('sends locale es for a Spanish order and en for an English one', async () => {
    const locales: (string | null)[] = [];
    for (const language of ['es', undefined]) {
      const email = `stripe-${language ?? 'en'}@example.com`;
      const token = String((await signupIn(server, email, 'demo', language)).body.actionToken);
      const before = fake.requests.length;
      expect((await checkoutIn(server, token, email)).status).toBe(200);
      const created = must(
        fake.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions'),
        'the session request',
      );
      locales.push(created.form.get('locale'));
    }
    expect(locales).toEqual(['es', 'en']);
  });
});
