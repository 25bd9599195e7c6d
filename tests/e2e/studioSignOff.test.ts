import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { axeViolations } from './a11y.ts';
import { noProblems, setUpStudio } from './studioHarness.ts';

/**
 * "Share for sign-off" and "What happens next" (issue 31, item 5): the studio photographs every
 * page and A/B version of the saved file at phone and desktop width into a sign-off folder with a
 * contact sheet naming each picture; after a save, the editor lists what remains and links the
 * page on the running site.
 */
const studio = setUpStudio();

describe('Partner Studio: sign-off and what happens next', () => {
  it('writes a whole-page picture of every page and version at both widths, and a contact sheet naming each', async () => {
    // A partner with an A/B test on its home page, made and saved through the studio's own API
    // (a copy of the demo: two short pages, so the run stays quick).
    const post = (path: string, body: unknown) =>
      fetch(new URL(`/studio-api/${path}`, studio.base), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<{ data: PartnerConfig }>);
    const { data } = await post('create', { id: 'signoff-co', template: 'demo' });
    data.pages.landing = {
      ...data.pages.landing!,
      experiment: {
        variants: [
          { id: 'short-hero', weight: 50, overrides: { hero: { title: 'Safer at home' } } },
        ],
      },
    };
    await post('save', { id: 'signoff-co', data, baseHash: null });
    const partner = studio.readPartner<PartnerConfig>('signoff-co');
    const versions = Object.values(partner.pages).reduce(
      (sum, page) => sum + 1 + (page.experiment?.variants.length ?? 0),
      0,
    );
    expect(versions).toBe(3);

    const page = await studio.openPartner('Signoff Co');
    await page.getByRole('button', { name: 'Share for sign-off' }).click();
    await page.getByRole('heading', { name: 'Share for sign-off' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signoff-heading');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Take the pictures' }).click();
    await page.getByText(/^Taking picture \d+ of \d+/).waitFor();
    const done = page.getByText(/^Done: \d+ pictures, in one file to send the partner/);
    await done.waitFor({ timeout: 240_000 });
    expect(await done.innerText()).toContain(`Done: ${versions * 2} pictures`);
    expect(await axeViolations(page)).toEqual([]);

    const [stamp, ...others] = readdirSync(join(studio.root, 'sign-off', 'signoff-co'));
    expect(others).toEqual([]);
    const folder = join(studio.root, 'sign-off', 'signoff-co', stamp ?? '');
    expect(stamp).toMatch(/^\d{4}-\d\d-\d\d-\d{4}$/);
    const pictures = readdirSync(folder).filter((name) => name.endsWith('.png'));
    expect(pictures).toHaveLength(versions * 2);
    const sizes = await Promise.all(
      pictures.map(async (name) => ({ name, ...(await sharp(join(folder, name)).metadata()) })),
    );
    for (const { name, format, width, height } of sizes) {
      expect(format, name).toBe('png');
      expect(width, name).toBe(name.endsWith('-phone.png') ? 375 : 1280);
      // The whole page, not one screen of it (the window is 900 px high).
      if (name.includes('-landing-')) expect(height, name).toBeGreaterThan(900);
      else expect(height, name).toBeGreaterThanOrEqual(900);
    }
    // A variant's picture shows the variant, not the page as written.
    const landing = (version: string) =>
      readFileSync(join(folder, `01-landing-${version}-phone.png`));
    expect(landing('short-hero').equals(landing('control'))).toBe(false);

    const sheet = readFileSync(join(folder, 'index.html'), 'utf8');
    for (const label of [
      'Home page – as written (control) – phone (375 px)',
      'Home page – variant “short-hero” – desktop (1280 px)',
      'Claim-offer page – phone (375 px)',
      'Claim-offer page – desktop (1280 px)',
    ]) {
      expect(sheet).toContain(`alt="${label}"`);
    }
    for (const name of pictures) expect(sheet).toContain(`<img src="${name}"`);
    expect(sheet.match(/<img /g)).toHaveLength(pictures.length);

    // The one file to send: every picture inside it, each version's share under its heading.
    const send = readFileSync(join(folder, 'signoff-co-sign-off.html'), 'utf8');
    expect(send.match(/<img src="data:image\/png;base64,/g)).toHaveLength(pictures.length);
    expect(send).toContain('<p class="share">Shown to 50% of visitors.</p>');
    await expect(
      page.getByRole('link', { name: 'Download the file to send' }).getAttribute('download'),
    ).resolves.toBe('signoff-co-sign-off.html');

    // The studio serves it, every picture loads, and it passes axe.
    const href = await page
      .getByRole('link', { name: /Open the contact sheet/ })
      .getAttribute('href');
    expect(href).toBe(`/sign-off/signoff-co/${stamp}/signoff-co-sign-off.html`);
    const sheetPage = await page.context().newPage();
    await sheetPage.goto(new URL(href ?? '', studio.base).href);
    await sheetPage.getByRole('heading', { name: 'Signoff Co: pages for sign-off' }).waitFor();
    const loaded = await sheetPage.evaluate(async () => {
      await Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined)));
      return Array.from(document.images).filter((img) => img.naturalWidth > 0).length;
    });
    expect(loaded).toBe(pictures.length);
    expect(await axeViolations(sheetPage)).toEqual([]);
  }, 300_000);

  it('names unsaved changes before sharing, and after a save lists what remains with a link to the page', async () => {
    const page = await studio.openPartner('Showcase Home Living');
    await page.fill('#settings_name', 'Showcase Home Living Co');
    await page.getByRole('button', { name: 'Share for sign-off' }).click();
    await page.getByText('You have unsaved changes. The pictures show the saved file').waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signoff-open');

    await noProblems(page);
    await page.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('button', { name: 'Save partners/showcase.json' }).click();
    const next = page.getByRole('region', { name: 'Saved. What happens next' });
    await next.waitFor();
    await page.getByText('Saved partners/showcase.json.').waitFor();
    // Not a git checkout here: the note says why the save is not recorded, no git command.
    await expect(next.locator('.studio-next-done').innerText()).resolves.toContain(
      'This project folder is not a git checkout, so saves are not recorded in git.',
    );
    await expect(
      next.getByRole('button', { name: 'Record this save in git' }).count(),
    ).resolves.toBe(0);
    const steps = await next.getByRole('listitem').allInnerTexts();
    expect(steps).toHaveLength(4);
    expect(steps.join('\n')).not.toMatch(/git (add|commit)/);
    // Each step a button or a plain sentence: nothing to type in a terminal.
    expect(steps.join('\n')).not.toMatch(/npm |terminal|docs\//);
    expect(steps[0]).toMatch(/^Refresh the visual check.s pictures of this partner/);
    await next.getByRole('button', { name: 'Refresh the pictures' }).waitFor();
    expect(steps[1]).toMatch(/^Ask the partner to sign off/);
    expect(steps[2]).toMatch(/^Publish\./);
    expect(steps[3]).toMatch(/^See it on the site running on this computer/);
    await expect(
      next.getByRole('link', { name: /showcase \(opens in a new tab\)/ }).getAttribute('href'),
    ).resolves.toBe('http://127.0.0.1:5173/showcase');
    expect(await axeViolations(page)).toEqual([]);

    // The next edit makes the note stale.
    await page.fill('#settings_name', 'Showcase Home Living');
    await next.waitFor({ state: 'detached' });
  }, 120_000);
});
