import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './a11y.ts';
import { createPartner, noProblems, setUpStudio, type StudioHarness } from './studioHarness.ts';

/**
 * Saves recorded in git and the History tab: two saves with "Record this change in git", each a
 * commit of the partner file alone; History lists them with what each changed; restoring the
 * first makes it the draft, the review lists the change back, and saving records that too.
 *
 * That first test runs `npm run studio`'s own dev server (the other studio files, and the tests
 * below it here, serve the studio built once): the studio's writes to partners/ and the git
 * commits must not reload its page. The others need no dev server: on it, every page and preview
 * frame ran React's development build from several hundred modules, about twice the CPU.
 */
const gitIn =
  (studio: StudioHarness) =>
  (...args: string[]) =>
    execFileSync('git', args, { cwd: studio.root, encoding: 'utf8' }).trim();

/** Review, check the git choice is on and its message names the change, save, wait for it. */
async function saveRecorded(page: Page, change: string, { axe = false } = {}) {
  await noProblems(page);
  await page.getByRole('button', { name: 'Review and save' }).click();
  await expect(page.locator('.studio-review .studio-change-list').innerText()).resolves.toContain(
    change,
  );
  if (axe) expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByLabel('Record this change in git').isChecked()).resolves.toBe(true);
  await expect(page.getByLabel('Message for the record').inputValue()).resolves.toContain(change);
  await page.getByRole('button', { name: 'Save partners/cor-freedom.json' }).click();
  await page.getByRole('status').filter({ hasText: 'Recorded in git as commit' }).waitFor();
}

// A hang guard, not a speed bound: this file drives the studio's dev server, which transforms
// several hundred modules for the first page; under a load of 20 on two cores the first test
// passed Vitest's 60 s (a stress run, tools/test/stress.ts).
describe('Partner Studio history, on the dev server', { timeout: 180_000 }, () => {
  // Each harness in its block: one studio at a time (it is found by STUDIO_PROJECT_ROOT).
  const studio = setUpStudio({ git: true, server: 'dev' });
  const git = gitIn(studio);
  const brandColor = () =>
    studio.readPartner<{ theme: { brandColor: string } }>('cor-freedom').theme.brandColor;

  it('records two saves in git, lists them in History and restores the first', async () => {
    const page = await studio.openPartner('Cor Freedom Care');
    // Gone if the dev server reloads the page (its file watcher seeing the studio's own writes).
    await page.evaluate(() => {
      document.documentElement.dataset.sameLoad = 'yes';
    });
    await page.fill('#settings_theme_brandColor', '#1B4F72');
    await saveRecorded(page, "'#8A2F3C' → '#1B4F72'");
    await page.fill('#settings_theme_brandColor', '#14532D');
    await saveRecorded(page, "'#1B4F72' → '#14532D'");
    expect(git('rev-list', '--count', 'HEAD')).toBe('3');
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('partners/cor-freedom.json');
    expect(git('log', '-1', '--format=%an')).toBe('Studio Tester');

    await page.getByRole('tab', { name: 'History' }).click();
    const versions = page.locator('ol.studio-history > li');
    await versions.first().waitFor();
    await expect(versions.count()).resolves.toBe(3);
    await expect(versions.nth(0).innerText()).resolves.toContain("'#1B4F72' → '#14532D'");
    await expect(versions.nth(0).innerText()).resolves.toContain('This version is your draft now.');
    await expect(versions.nth(1).innerText()).resolves.toContain("'#8A2F3C' → '#1B4F72'");
    await expect(versions.nth(1).innerText()).resolves.toContain('by Studio Tester');
    await expect(versions.nth(2).innerText()).resolves.toContain('The project as copied');
    expect(await axeViolations(page)).toEqual([]);

    // Restore the first save with the keyboard: the button, then Enter.
    await versions.nth(1).getByRole('button', { name: 'Restore this version' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'is now your draft' }).waitFor();
    await expect(versions.nth(1).innerText()).resolves.toContain('This version is your draft now.');
    expect(brandColor()).toBe('#14532D');

    await saveRecorded(page, "'#14532D' → '#1B4F72'", { axe: true });
    expect(brandColor()).toBe('#1B4F72');
    expect(git('rev-list', '--count', 'HEAD')).toBe('4');
    expect(git('status', '--porcelain')).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    // Three saves, three commits and a restore, and the same page load throughout.
    await expect(page.evaluate(() => document.documentElement.dataset.sameLoad)).resolves.toBe(
      'yes',
    );
  });
});

describe('Partner Studio history', () => {
  const studio = setUpStudio({ git: true });
  const git = gitIn(studio);

  it("records a save pressed before git's check answers, and records a save afterwards by a button", async () => {
    const page = await studio.openStudio();
    await page.evaluate(() => localStorage.clear());
    // git's check answers only once Save is pressed: the save must wait for it, not skip git.
    let answer = () => {};
    const checked = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/studio-api/git', async (route) => {
      await checked;
      await route.continue();
    });
    await createPartner(page, 'quick-co');
    await noProblems(page);
    await page.getByRole('button', { name: 'Review and save' }).click();
    const save = page.getByRole('button', { name: 'Save partners/quick-co.json' });
    await save.waitFor();
    await expect(page.getByLabel('Record this change in git').count()).resolves.toBe(0);
    await save.click();
    answer();
    const done = page.getByRole('status').filter({ hasText: 'Saved partners/quick-co.json.' });
    await expect
      .poll(() => done.innerText())
      .toMatch(/Recorded in git as commit [0-9a-f]{7}: “quick-co: New partner/);
    expect(git('show', '--name-only', '--format=', 'HEAD')).toContain('partners/quick-co.json');
    await expect(done.innerText()).resolves.toContain(git('rev-parse', '--short=7', 'HEAD'));

    // Saved without recording: the note says so, with a button instead of git commands.
    await page.fill('#settings_name', 'Quick Co Homes');
    await noProblems(page);
    await page.getByRole('button', { name: 'Review and save' }).click();
    await page.getByLabel('Record this change in git').uncheck();
    await save.click();
    await expect.poll(() => done.innerText()).toContain('Not recorded in git');
    const next = page.getByRole('region', { name: 'Saved. What happens next' });
    expect(await next.innerText()).not.toMatch(/git (add|commit)/);
    await page.getByRole('button', { name: 'Record this save in git' }).click();
    await expect
      .poll(() => done.innerText())
      .toMatch(
        /Recorded in git as commit [0-9a-f]{7}: “quick-co: Name: 'Quick Co' → 'Quick Co Homes'”/,
      );
    expect(git('log', '-1', '--format=%s')).toBe("quick-co: Name: 'Quick Co' → 'Quick Co Homes'");
    await page.context().close();
  });

  it("starts a new partner's History at its creation", async () => {
    const page = await studio.openStudio();
    await page.evaluate(() => localStorage.clear());
    await createPartner(page, 'fresh-co');
    await noProblems(page);
    await page.getByRole('button', { name: 'Review and save' }).click();
    await expect(page.getByLabel('Record this change in git').isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save partners/fresh-co.json' }).click();
    await page.getByRole('status').filter({ hasText: 'Recorded in git as' }).waitFor();

    // git follows the copy back to the demo's past; History stops at the partner's creation.
    expect(git('log', '--follow', '--format=%s', '--', 'partners/fresh-co.json')).toContain(
      'The project as copied',
    );
    await page.getByRole('tab', { name: 'History' }).click();
    const versions = page.locator('ol.studio-history > li');
    await versions.first().waitFor();
    await expect(versions.count()).resolves.toBe(1);
    await expect(versions.first().innerText()).resolves.toContain("New partner 'Fresh Co'");
    await page.context().close();
  });
});
