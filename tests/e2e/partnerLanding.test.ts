import { describe, expect, it, onTestFailed } from 'vitest';
import { project, stackForThisFile, startTheApp } from './harness.ts';
import { journeyPartners } from './journeyPartners.ts';
import { emailLabel, landingPath, watchPage } from './partnerPage.ts';
import {
  desktopProblems,
  layouts,
  openPage,
  pageProblems,
  resizeTo,
  scrollThrough,
} from './pageChecks.ts';

/*
 * What a partner's own file changes on its landing page (its copy, fields, colours, pictures and
 * blocks), checked in one visit of the built site on the real server, for every partner:
 * - the browser takes the prerendered page over without an error, under the server's
 *   Content-Security-Policy (no 'unsafe-eval': the form's validators are precompiled), every script
 *   it runs to start named by the page, and no block's code fetched before the block comes near;
 * - WCAG 2.2 (pageChecks.ts): reflow and 24 px targets at 320 px wide and at 200% zoom, with axe at
 *   320 px, before and after the empty form's errors show; nothing covered and nothing spilling out
 *   of its section at 768 to 1440 px;
 * - the signup form's own validation, in the browser.
 * One page load and one scroll through the page, where these were two files' two tests. The
 * partners whose whole journey wcag.test.ts walks (journeyPartners.ts) have the narrow layouts'
 * checks there, on the same landing page, with the Tab sweep too: here they get the rest.
 */
const { partners } = project;
const walked = new Set(journeyPartners(partners).map((partner) => partner.id));
const stack = stackForThisFile();

describe.each(partners.map((partner) => [partner.id, partner] as const))(
  'the landing page of %s, in one visit',
  (id, partner) => {
    const narrowChecks = !walked.has(id);
    it(
      narrowChecks
        ? 'hydrates under the CSP without an error, reflows at 320 px and 200% zoom with 24 px targets and no axe violations, holds its layout at 768 to 1440 px, and validates its form'
        : 'hydrates under the CSP without an error, holds its layout at 768 to 1440 px, and validates its form',
      async () => {
        const [narrow, zoomed] = layouts;
        // Where the test stood when it failed (a time-out names no step of its own).
        let step = 'opening the page';
        onTestFailed(() => console.error(`${id}: failed while ${step}`));
        const { context, page } = await openPage(stack.browser, narrow);
        const { problems: errors, scripts } = await watchPage(page);
        onTestFailed(() => console.error(`${id}: the scripts it fetched: ${scripts.join(' ')}`));
        const problems: string[] = [];
        const check = async (name: string, axe: boolean) => {
          step = `checking ${name}`;
          problems.push(...(await pageProblems(page, name, { axe })));
        };
        const resize = async (layout: (typeof layouts)[number]) => {
          step = `resizing to ${layout.name}`;
          await resizeTo(page, layout);
        };

        await page.goto(`${stack.server.baseUrl}${landingPath(id)}`);
        // Started (on the visitor's first act, a key that changes nothing): the app's last stage
        // has run and nothing more is on its way.
        step = 'starting the app';
        await startTheApp(page);
        await page.waitForLoadState('networkidle');
        // Every interactive block (an island) is below the fold here, so none of their code is
        // fetched yet: not the blocks', not the signup form's (rjsf), not Swiper.
        const nearIslands = await page.evaluate(() =>
          [...document.querySelectorAll('[data-island]')]
            .filter((island) => (island.firstElementChild?.getBoundingClientRect().top ?? 0) < 1500)
            .map((island) => island.getAttribute('data-island')),
        );
        expect(nearIslands).toEqual([]);
        expect(
          scripts.filter((script) =>
            /\/(Testimonials|Faq|GetTheScan|SignupForm|swiper)-/i.test(script),
          ),
        ).toEqual([]);
        // The app starts in stages (src/main.tsx), yet every script it ran to hydrate was named by
        // the page (boot script, entry, preloads): no stage waited on a request it found late.
        const named = await page.evaluate(() => {
          const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');
          return [
            boot?.getAttribute('src') ?? '',
            boot?.dataset.entry ?? '',
            ...(boot?.dataset.preload ?? '').split(' '),
          ].filter(Boolean);
        });
        expect(named.length).toBeGreaterThan(2);
        expect(scripts.filter((script) => !named.includes(script))).toEqual([]);

        // The carousel and the form, loaded on approach: Swiper initialised is the carousel's
        // island hydrated and run.
        step = 'scrolling through the page';
        await scrollThrough(page);
        expect(await page.locator('.partner-root').getAttribute('data-partner')).toBe(id);

        if (narrowChecks) {
          // Both layouts in one page (resizeTo says why that is the same as loading at each).
          await check(`${narrow.name}: landing`, true);
          await resize(zoomed);
          await check(`${zoomed.name}: landing`, false);
        }
        step = 'checking 768 to 1440 px';
        problems.push(...(await desktopProblems(page)));
        await resize(narrowChecks ? zoomed : narrow);

        const form = page.locator('#get-the-scan');
        const send = form.getByRole('button', { name: partner.form.ctaText });
        if (narrowChecks) {
          step = 'sending the empty form';
          await send.click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
          await check(`${zoomed.name}: landing, form errors shown`, false);
          await resize(narrow);
          await check(`${narrow.name}: landing, form errors shown`, true);
        }
        // Its precompiled validation, on what the visitor typed.
        step = 'sending a wrong email';
        await form.getByLabel(emailLabel(partner)).fill('not-an-email');
        await send.click();
        await page.getByText('Enter a valid email').waitFor();

        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  },
);
