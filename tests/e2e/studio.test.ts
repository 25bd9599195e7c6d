import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import partnerSchema from '../../schemas/partner.schema.json' with { type: 'json' };
import { chromiumLaunchOptions } from '../../tools/chromium.ts';
import { copyProject, repoRoot, tinyPng } from '../support/projectCopy.ts';
import { axeViolations } from './a11y.ts';

/**
 * The Partner Studio (npm run studio) in Chromium, editing a temporary copy of the project: create
 * a partner from the template, edit, add and move a block, upload a logo, save; the checker's
 * sentence at the field and a refused save; the same flow with the keyboard only; axe.
 */
const project = copyProject();
let server: ViteDevServer;
let browser: Browser;
let base: string;

const sectionTypes = partnerSchema.$defs.section.oneOf.map((branch) =>
  branch.$ref.replace('#/$defs/', '').replace(/Section$/, ''),
);
// The FAQ block when this branch has it; otherwise another block that fits a landing page.
const addedType = sectionTypes.includes('faq') ? 'faq' : 'getTheScan';

beforeAll(async () => {
  process.env.STUDIO_PROJECT_ROOT = project.root;
  server = await createServer({
    configFile: join(repoRoot, 'studio/vite.config.ts'),
    server: { port: 0 },
    logLevel: 'warn',
  });
  await server.listen();
  base = server.resolvedUrls?.local[0] ?? '';
  browser = await chromium.launch(chromiumLaunchOptions);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  delete process.env.STUDIO_PROJECT_ROOT;
  project.remove();
});

async function openStudio(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.getByRole('heading', { name: 'Partner Studio' }).waitFor();
  return page;
}

const savedPartner = (id: string) =>
  JSON.parse(readFileSync(join(project.root, 'partners', `${id}.json`), 'utf8')) as {
    branding: { logoSrc: string };
    theme: { brandColor: string };
    pages: { landing: { sections: { id: string; type: string; props: { title?: string } }[] } };
  };

const partnersCheck = () =>
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'tools/partners-check.ts'), '--root', project.root],
    { cwd: repoRoot, encoding: 'utf8' },
  );

async function noProblems(page: Page) {
  await page
    .getByTestId('draft-state')
    .filter({ hasText: 'The partner check finds no problems.' })
    .waitFor({ timeout: 20_000 });
}

/** Presses Tab until the focused element matches the selector (keyboard only, no pointer). */
async function tabTo(page: Page, selector: string, max = 250) {
  for (let press = 0; press < max; press++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('Partner Studio', () => {
  it('creates acme from the template, edits it, adds and moves a block, uploads a logo and saves', async () => {
    const page = await openStudio();
    await page.fill('#new-id', 'acme');
    await page.getByRole('button', { name: 'Create partner' }).click();
    await page.getByRole('heading', { name: /Acme/ }).waitFor();

    // Brand colour, with its contrast readout against the 7:1 goal.
    await page.fill('#settings_theme_brandColor', '#1B4F72');
    await expect
      .poll(() => page.locator('[data-contrast-for="settings_theme_brandColor"]').innerText())
      .toMatch(/Contrast with white: 8\.\d:1 — meets the 7:1 goal/);

    await page.getByRole('tab', { name: 'Pages and blocks' }).click();
    await page.getByRole('button', { name: 'Edit Hero (hero)' }).click();
    await page.fill('#block-landing-0_title', 'Acme keeps every home safe');

    await page.selectOption('#new-block-type', addedType);
    await page.getByRole('button', { name: 'Add block' }).click();
    const added = page.locator('.studio-block').nth(5);
    const addedId = await added.getAttribute('data-block-id');
    expect(addedId).toBeTruthy();
    // Above the testimonials: from position 6 to 4.
    await page.getByRole('button', { name: new RegExp(`^Move up: .*\\(${addedId}\\)$`) }).click();
    await page.getByRole('button', { name: new RegExp(`^Move up: .*\\(${addedId}\\)$`) }).click();
    await expect
      .poll(() => page.locator('[role="status"]').last().innerText())
      .toMatch(/moved to position 4 of 7/);

    await page.getByRole('tab', { name: 'Pictures' }).click();
    await page.setInputFiles('#upload-file', {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: tinyPng,
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Uploaded /partners/acme/logo.png').waitFor();
    await page.getByRole('tab', { name: 'Partner settings' }).click();
    await page.fill('#settings_branding_logoSrc', '/partners/acme/logo.png');

    await noProblems(page);
    await page.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('heading', { name: 'Review the changes to partners/acme.json' }).waitFor();
    await page.getByRole('button', { name: 'Save partners/acme.json' }).click();
    await page.getByText('Saved partners/acme.json.').waitFor();

    expect(partnersCheck()).toMatch(/acme/);
    const acme = savedPartner('acme');
    expect(acme.theme.brandColor).toBe('#1B4F72');
    expect(acme.branding.logoSrc).toBe('/partners/acme/logo.png');
    const sections = acme.pages.landing.sections;
    expect(sections[0]?.props.title).toBe('Acme keeps every home safe');
    expect(sections.map((section) => section.type)).toEqual([
      'hero',
      'eachAssessment',
      'howItWorks',
      addedType,
      'testimonials',
      'getTheScan',
      'footer',
    ]);
    expect(statSync(join(project.root, 'public/partners/acme/logo.png')).size).toBe(tinyPng.length);
    await page.context().close();
  });

  it(
    "shows the checker's sentence at the field, refuses to save, and keeps the draft over a reload",
    { timeout: 120_000 },
    async () => {
      const page = await openStudio();
      await page.getByRole('button', { name: 'Open Acme' }).click();
      await page.getByRole('heading', { name: /Acme/ }).waitFor();
      const before = readFileSync(join(project.root, 'partners/acme.json'), 'utf8');

      // The zip field becomes a select with no options.
      await page.click('#settings_form_fields_1_type');
      await page.getByRole('option', { name: 'select' }).click();
      const atField = page.locator('[data-field-errors="settings_form_fields_1"]');
      await expect
        .poll(() => atField.innerText(), { timeout: 20_000 })
        .toContain('a select field needs at least one option');

      await page.getByRole('button', { name: 'Review and save' }).click();
      await page
        .getByRole('heading', { name: /^Save refused: \d+ problems? to fix first$/ })
        .waitFor();
      await expect(page.locator('.studio-review').innerText()).resolves.toContain(
        'a select field needs at least one option',
      );
      expect(readFileSync(join(project.root, 'partners/acme.json'), 'utf8')).toBe(before);

      await page.reload();
      await expect
        .poll(() => page.locator('[data-field-errors="settings_form_fields_1"]').innerText(), {
          timeout: 20_000,
        })
        .toContain('a select field needs at least one option');
      await page.getByRole('button', { name: 'Close partner' }).click();
      await page.context().close();
    },
  );

  it('refuses to overwrite a file that changed on disk since it was opened', async () => {
    const page = await openStudio();
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: 'Open Demo Partner' }).click();
    await page.fill('#settings_name', 'Demo Partner Two');
    const file = join(project.root, 'partners/demo.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Demo Partner"', '"Demo Co"'));
    await noProblems(page);
    await page.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('button', { name: 'Save partners/demo.json' }).click();
    await page.getByText(/was changed on disk since you opened it/).waitFor();
    expect(readFileSync(file, 'utf8')).toContain('"Demo Co"');
    await page.context().close();
  });

  it(
    'does the core flow with the keyboard only, and axe finds no violations',
    { timeout: 180_000 },
    async () => {
      const page = await openStudio();
      expect(await axeViolations(page)).toEqual([]);

      await tabTo(page, '#new-id');
      await page.keyboard.type('keyboard-co');
      await tabTo(page, 'button[type="submit"]');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: /Keyboard Co/ }).waitFor();
      await noProblems(page);
      expect(await axeViolations(page)).toEqual([]);

      await tabTo(page, '#tab-settings');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-pages');
      await tabTo(page, '[aria-label="Edit Hero (hero)"]');
      await page.keyboard.press('Enter');
      await tabTo(page, '#block-landing-0_title');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Safer homes, by keyboard');

      // Drag the testimonials above "How it works" with the keyboard sensor: space, up, space.
      await page.keyboard.press('Shift+Tab');
      await tabTo(page, '[aria-label="Drag Testimonials (testimonials)"]');
      await page.keyboard.press('Space');
      await expect
        .poll(() => page.locator('[id^="DndLiveRegion"]').innerText())
        .toMatch(/Testimonials \(testimonials\)/);
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(300);
      await page.keyboard.press('Space');
      await expect
        .poll(() => page.locator('[id^="DndLiveRegion"]').innerText())
        .toMatch(/dropped at position 3 of 6/);
      expect(await axeViolations(page)).toEqual([]);

      await noProblems(page);
      await tabTo(page, 'button:is(.studio-button-primary)', 400);
      // The first primary button from here on wraps to the header's "Review and save".
      while (
        !(await page.evaluate(() => document.activeElement?.textContent === 'Review and save'))
      ) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      await page
        .getByRole('heading', { name: 'Review the changes to partners/keyboard-co.json' })
        .waitFor();
      await tabTo(page, 'button.studio-button-primary');
      await page.keyboard.press('Enter');
      await page.getByText('Saved partners/keyboard-co.json.').waitFor();

      const saved = savedPartner('keyboard-co');
      expect(saved.pages.landing.sections.map((section) => section.id).slice(0, 4)).toEqual([
        'hero',
        'each-assessment',
        'testimonials',
        'how-it-works',
      ]);
      expect(saved.pages.landing.sections[0]?.props.title).toBe('Safer homes, by keyboard');
      expect(partnersCheck()).toMatch(/keyboard-co/);
      await page.context().close();
    },
  );

  it('keeps the studio out of the visitor build', () => {
    const dist = inject('distDir');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const texts = files(dist)
      .filter((file) => /\.(js|html|css)$/.test(file))
      .map((file) => readFileSync(file, 'utf8'));
    expect(texts.length).toBeGreaterThan(0);
    for (const marker of ['studio-api', 'Partner Studio', 'partner-studio']) {
      expect(texts.filter((text) => text.includes(marker))).toEqual([]);
    }
  });
});
