import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { pageTitle } from '../../src/config/resolvePartner.ts';
import { claimOfferFor } from '../../src/config/offer.ts';
import { builtIconHref, shareCardPath } from '../../src/config/shareImages.ts';
import { signupFormFor } from '../../src/flows/signup/signupFormFor.ts';
import { signupValidatorKey } from '../../src/forms/signup/fieldsToSchema.ts';
import { project, settledWithoutActing, stackForThisFile } from './harness.ts';
import { emailLabel, landingPath, watchPage } from './partnerPage.ts';

/*
 * The prerendered partner pages (tools/prerender/) on the built site and the real server: each
 * page's HTML is complete and branded before any script, and the claim-offer page takes typing
 * before its form's code comes, under the server's Content-Security-Policy (no 'unsafe-eval': the
 * form's validators are precompiled). Each partner's landing page is taken over without hydration
 * errors, its below-the-fold code arriving only when it is needed, in partnerLanding.test.ts (in
 * the same visit as its WCAG checks).
 */
const { partners, site } = project;
const stack = stackForThisFile();
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

interface Watched {
  page: Page;
  problems: string[];
  scripts: string[];
}

/** A page whose console errors, uncaught errors and CSP violations are collected. */
async function watchedPage(): Promise<Watched> {
  // No reduced motion here: the carousel's Play/Pause label then shows that hydration happened.
  const context = await stack.browser.newContext({ viewport: { width: 412, height: 823 } });
  contexts.push(context);
  const page = await context.newPage();
  return { page, ...(await watchPage(page)) };
}

/**
 * Started, and the carousel hydrated: its button says Pause once React runs it (the prerender says
 * Play). The carousel is an island (src/blocks/islands.ts): it hydrates once it nears the
 * viewport, so the page is scrolled to it.
 */
async function hydrated(page: Page) {
  await page.locator('[data-island] .swiper').first().scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Pause testimonials' }).first().waitFor();
}

/**
 * The first partner of each signup form (its fields): the same fields make the same form, the same
 * validator module and the same code, so how the claim-offer page takes typing before that code
 * has come is checked once per form, not once per partner (a copy of demo adds no such test).
 * Every partner's own form, labels and button still run on its landing page, in
 * partnerLanding.test.ts.
 */
const firstOfItsForm = new Set<string>();
const formsSeen = new Set<string>();
for (const partner of partners) {
  const form = signupValidatorKey(signupFormFor(partner).fields);
  if (!formsSeen.has(form)) firstOfItsForm.add(partner.id);
  formsSeen.add(form);
}

describe.each(partners.map((partner) => [partner.id, partner] as const))(
  '%s, prerendered',
  (id, partner) => {
    it('serves its landing and claim-offer pages complete and branded, before any script', async () => {
      const title = pageTitle(partner, site?.product ?? '');
      for (const path of [landingPath(id), `${landingPath(id).replace(/\/$/, '')}/claim-offer`]) {
        const response = await fetch(`${stack.server.baseUrl}${path}`);
        const html = await response.text();
        expect(response.status, path).toBe(200);
        expect(html, path).toContain(`<title>${escaped(title)}</title>`);
        expect(html, path).toContain(`<meta property="og:title" content="${escaped(title)}" />`);
        if (partner.meta) expect(html, path).toContain(escaped(partner.meta.description));
        // An SVG icon is linked as the PNG drawn from it (config/shareImages.ts says why).
        const icon = builtIconHref(partner.branding.faviconSrc ?? site?.faviconSrc ?? '', id);
        expect(html, path).toContain(`rel="icon" type="image/png" href="${icon}"`);
        expect(html, path).toContain(`data-partner="${id}"`);
        expect(html, path).toMatch(/<style>[^<]+<\/style>/);
        expect(html, path).not.toContain('rel="stylesheet"');
        expect(response.headers.get('content-security-policy'), path).toContain(
          "script-src 'self'",
        );
      }
      const icon = await fetch(
        `${stack.server.baseUrl}${builtIconHref(partner.branding.faviconSrc ?? site?.faviconSrc ?? '', id)}`,
      );
      expect(icon.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await icon.arrayBuffer()).readUInt32BE(16), 'its width').toBe(64);
      const landing = await (await fetch(`${stack.server.baseUrl}${landingPath(id)}`)).text();
      const hero = partner.pages.landing.sections.find((section) => section.type === 'hero');
      if (hero?.type !== 'hero') throw new Error(`${id} opens without a hero`);
      expect(landing).toContain(escaped(hero.props.title));
      expect(landing).toContain(`rel="preload" as="image" href="${hero.props.mobileBg}"`);

      // A partner's link to its claim-offer page: the whole offer and the email capture, no script.
      const claimPath = `${landingPath(id).replace(/\/$/, '')}/claim-offer`;
      const claim = await (await fetch(`${stack.server.baseUrl}${claimPath}`)).text();
      const offer = claimOfferFor(partner, site?.product ?? '');
      for (const text of [offer.headerText, offer.offerBadgeText, offer.priceText]) {
        expect(claim, claimPath).toContain(escaped(text));
      }
      expect(claim).toContain(escaped(partner.form.headerText));
      expect(claim).toMatch(/<input[^>]+type="email"/);
      expect(claim).not.toContain('Start again');
    });

    it('shares a 1200x630 PNG card per page and mails a PNG logo', async () => {
      for (const [path, page] of [
        [landingPath(id), 'landing'],
        [`${landingPath(id).replace(/\/$/, '')}/claim-offer`, 'claimOffer'],
      ] as const) {
        const html = await (await fetch(`${stack.server.baseUrl}${path}`)).text();
        const card = shareCardPath(id, page);
        expect(html, path).toMatch(
          new RegExp(`<meta property="og:image" content="[^"]*${card.replace(/[.]/g, '\\.')}" />`),
        );
        expect(html, path).toContain('<meta property="og:image:width" content="1200" />');
        const response = await fetch(`${stack.server.baseUrl}${card}`);
        expect(response.status, card).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/png');
        const png = Buffer.from(await response.arrayBuffer());
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      }
      const logo = await fetch(`${stack.server.baseUrl}/images/generated/${id}/logo.png`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
    });

    // Declared only for the first partner of its form (firstOfItsForm).
    if (firstOfItsForm.has(id))
      it('takes typing on the claim-offer page before its form code, which follows, under the CSP', async () => {
        const { page, problems, scripts } = await watchedPage();
        // The form's code (rjsf, the Radix select, the validators) is held back until released, as
        // on a slow phone: the first screen must take the visitor's typing without it.
        let release = () => {};
        const released = new Promise<void>((done) => (release = done));
        const held: string[] = [];
        await page.route(
          /\/assets\/(SignupForm|signupValidation|v_[0-9a-f]{16})-[^/]*\.js$/,
          async (route) => {
            held.push(new URL(route.request().url()).pathname);
            await released;
            await route.continue();
          },
        );
        await page.goto(`${stack.server.baseUrl}${landingPath(id).replace(/\/$/, '')}/claim-offer`);
        // The page settles, the form on its first screen, yet neither the app nor the form's
        // library comes until the visitor acts (issue 40: they are not part of the load).
        await settledWithoutActing(page);
        expect(scripts.filter((path) => /\/(LazySignupForm|client)-/.test(path))).toEqual([]);
        expect(held).toEqual([]);
        const email = page.locator('main').getByLabel(emailLabel(partner));
        await email.pressSequentially('not-an-email');
        const send = page.locator('main form').getByRole('button', { name: partner.form.ctaText });
        // Enter cannot submit a form whose code has not come (its button waits, disabled).
        await email.press('Enter');
        expect(await send.isEnabled()).toBe(false);
        // The visitor typed: the form's code was asked for.
        await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
        expect(page.url()).toMatch(/\/claim-offer$/);
        release();
        await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
        // What was typed before is the form's value now: validation reads it.
        await expect.poll(() => email.inputValue()).toBe('not-an-email');
        await send.click();
        await page.getByText('Enter a valid email').waitFor();
        // Its own form's validator came with the form, and no other form's.
        const validators = scripts
          .map((path) => /\/(v_[0-9a-f]{16})-[^/]*\.js$/.exec(path)?.[1])
          .filter((key): key is string => key !== undefined);
        expect(validators).toEqual([signupValidatorKey(signupFormFor(partner).fields)]);
        expect(problems).toEqual([]);
      });
  },
);

describe('host names (spec §2)', () => {
  it("gives localhost the retailer's own prerendered page, which stays the retailer's", async () => {
    const lowes = partners.find((partner) => partner.hosts.includes('localhost'));
    expect(lowes).toBeDefined();
    const url = stack.server.baseUrl.replace('127.0.0.1', 'localhost');
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain(`data-partner="${lowes?.id}"`);
    expect(html).toContain(`<title>${escaped(`${lowes?.name} | ${site?.product}`)}</title>`);

    const { page, problems } = await watchedPage();
    await page.goto(`${url}/`);
    await hydrated(page);
    expect(await page.locator('.partner-root').getAttribute('data-partner')).toBe(lowes?.id);
    expect(problems).toEqual([]);
  });
});
