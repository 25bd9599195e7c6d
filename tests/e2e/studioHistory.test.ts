import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './a11y.ts';
import { noProblems, setUpStudio } from './studioHarness.ts';

/**
 * Saves recorded in git and the History tab: two saves with "Record this change in git", each a
 * commit of the partner file alone; History lists them with what each changed; restoring the
 * first makes it the draft, the review lists the change back, and saving records that too.
 */
const studio = setUpStudio({ git: true });
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: studio.root, encoding: 'utf8' }).trim();
const brandColor = () =>
  studio.readPartner<{ theme: { brandColor: string } }>('cor-freedom').theme.brandColor;

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
  await page.getByRole('status').filter({ hasText: 'Recorded in git as' }).waitFor();
}

describe('Partner Studio history', () => {
  it('records two saves in git, lists them in History and restores the first', async () => {
    const page = await studio.openPartner('Cor Freedom Care');
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
  });
});
