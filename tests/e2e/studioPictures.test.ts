import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maxPictureEdge } from '../../studio/src/images/pictureRules.ts';
import { createPartner, noProblems, setUpStudio } from './studioHarness.ts';

/**
 * Pictures in the Partner Studio, in Chromium: a phone photo (large, noisy, turned by its EXIF
 * orientation) replaces one of the demo's pictures in one step from the brand area's list, with a
 * weight warning, while nothing is written to public/; the save publishes its optimised copy only;
 * a new partner's discarded draft leaves no picture anywhere.
 */
const studio = setUpStudio();

const folder = (path: string) => {
  const dir = join(studio.root, path);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

/** A photo as a phone saves it: 3400 x 2550 pixels stored sideways, with EXIF orientation 6. */
const phonePhoto = () =>
  sharp({
    create: {
      width: 3400,
      height: 2550,
      channels: 3,
      background: '#808080',
      // Noise does not compress, so the file is as large as a real photo's.
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 96 })
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe('Partner Studio pictures', () => {
  it(
    'keeps an 8 MB phone photo with the draft until Save publishes it, shrunk and upright; a discarded draft leaves nothing',
    { timeout: 240_000 },
    async () => {
      const photo = await phonePhoto();
      expect(photo.length).toBeGreaterThan(7 * 1024 * 1024);
      const page = await studio.openStudio();
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await createPartner(page, 'photo-co');

      // Replaced from the brand area's list of the demo's pictures: one step, the field set.
      await page.getByRole('heading', { name: /^Pictures still from the demo partner/ }).waitFor();
      const chooser = page.waitForEvent('filechooser');
      await page
        .getByRole('button', {
          name: /^Replace: Home page, Hero block \(hero\), Desktop background/,
        })
        .click();
      await (
        await chooser
      ).setFiles({ name: 'IMG_0412.JPG', mimeType: 'image/jpeg', buffer: photo });
      const done = page.getByText(/Desktop background: now IMG_0412\.JPG/);
      await done.waitFor({ timeout: 90_000 });
      // The copy is still heavy (noise does not compress): a plain warning with its size.
      await expect(
        page.getByText(/^This picture is [\d.]+ MB even after optimizing/).innerText(),
      ).resolves.toMatch(/over 300 KB/);
      await expect(
        page.locator('[data-pointer="/pages/landing/sections/0/props/desktopBg"]').count(),
      ).resolves.toBe(0);

      await page.getByRole('tab', { name: 'Pictures' }).click();
      const listed = page.locator('[data-picture="/partners/photo-co/img_0412.jpg"]');
      await expect(listed.innerText()).resolves.toMatch(/Not saved yet/);
      await expect(listed.innerText()).resolves.toMatch(
        /img_0412\.jpg [\d.]+ MB → img_0412\.opt\.jpg [\d.]+ MB/,
      );
      await expect(page.getByTestId('staged-pictures').innerText()).resolves.toMatch(
        /^1 picture is not saved yet/,
      );
      // Shown from the staging at the address it will have; nothing in public/ yet.
      await expect
        .poll(() => listed.locator('img').evaluate((img: HTMLImageElement) => img.naturalHeight))
        .toBe(maxPictureEdge);
      expect(folder('public/partners/photo-co')).toEqual([]);

      // The hero's desktop background is the copy.
      await page.getByRole('tab', { name: 'Pages and blocks' }).click();
      await page.getByRole('button', { name: 'Edit Hero (hero)' }).click();
      await expect(page.inputValue('#page-landing_sections_0_props_desktopBg')).resolves.toBe(
        '/partners/photo-co/img_0412.opt.jpg',
      );
      await noProblems(page);
      expect(folder('public/partners/photo-co')).toEqual([]);

      await page.getByRole('button', { name: 'Review and save' }).click();
      await page.getByRole('button', { name: 'Save partners/photo-co.json' }).click();
      await page.getByText('Saved partners/photo-co.json.').waitFor();
      // Only the optimised copy goes into the repository, not the 8 MB original.
      expect(folder('public/partners/photo-co')).toEqual(['img_0412.opt.jpg']);
      const dir = join(studio.root, 'public/partners/photo-co');
      const copy = readFileSync(join(dir, 'img_0412.opt.jpg'));
      expect(copy.length).toBeLessThan(photo.length / 2);
      const { width, height, orientation } = await sharp(copy).metadata();
      expect({ width, height, orientation }).toEqual({
        width: (maxPictureEdge * 3) / 4,
        height: maxPictureEdge,
        orientation: undefined,
      });
      await page.getByRole('tab', { name: 'Pictures' }).click();
      const saved = page.locator('[data-picture="/partners/photo-co/img_0412.opt.jpg"]');
      await expect(saved.innerText()).resolves.not.toMatch(/Not saved yet/);
      expect(studio.partnersCheck()).toMatch(/photo-co/);

      // An abandoned new partner: its upload goes with it.
      await page.getByRole('button', { name: 'Close partner' }).click();
      await createPartner(page, 'draft-co');
      await page.getByRole('tab', { name: 'Pictures' }).click();
      await page.setInputFiles('#upload-file', {
        name: 'logo.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp(photo).resize(400).jpeg().toBuffer(),
      });
      // Choosing the file uploads it (no second step).
      await page.getByText(/^Uploaded logo\.jpg\./).waitFor({ timeout: 60_000 });
      expect(folder('.studio/pictures/draft-co')).toContain('logo.jpg');
      await page.getByRole('button', { name: 'Discard my changes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Discard your changes?' });
      await expect(dialog.innerText()).resolves.toMatch(
        /The picture uploaded since the last save is deleted\./,
      );
      await dialog.getByRole('button', { name: 'Discard this new partner' }).click();
      await page.getByRole('heading', { name: 'Partner Studio' }).waitFor();
      await expect.poll(() => folder('.studio/pictures')).toEqual([]);
      expect(folder('public/partners/draft-co')).toEqual([]);
      await page.context().close();
    },
  );
});
