import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { createServer } from 'vite';
import { chromiumLaunchOptions } from './tools/chromium.ts';
import { copyProject, repoRoot } from './tests/support/projectCopy.ts';

const project = copyProject();
process.env.STUDIO_PROJECT_ROOT = project.root;
const server = await createServer({ configFile: join(repoRoot, 'studio/vite.config.ts'), server: { port: 0 }, logLevel: 'warn' });
await server.listen();
const base = server.resolvedUrls?.local[0] ?? '';
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await page.goto(base);
  await page.getByRole('button', { name: 'Open Demo Partner' }).click();
  await page.getByRole('tab', { name: 'Pictures' }).click();
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c08040' } }).jpeg().toBuffer();
  await page.setInputFiles('#upload-file', { name: 'porch.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Uploaded /partners/demo/porch.jpg').waitFor({ timeout: 60000 });
  await page.locator('.studio-images').scrollIntoViewIfNeeded();
  await page.locator('main').screenshot({ path: '/tmp/h31-pictures.png' });
  // Too large: the client's own check.
  (await import('node:fs')).writeFileSync('/tmp/h31-huge.jpg', Buffer.alloc(Math.round(26.3 * 1024 * 1024)));
  await page.setInputFiles('#upload-file', '/tmp/h31-huge.jpg');
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('alert').waitFor();
  console.log(await page.getByRole('alert').innerText());
  await page.locator('.studio-card').first().screenshot({ path: '/tmp/h31-toolarge.png' });
  await page.getByRole('button', { name: 'Discard my changes' }).click();
  await page.getByRole('dialog').screenshot({ path: '/tmp/h31-discard.png' });
  await page.getByRole('dialog').getByRole('button', { name: 'Discard my changes' }).click();
  await page.waitForTimeout(1500);
  console.log(await page.locator('.studio-notice').first().innerText());
} finally {
  await browser.close();
  await server.close();
  project.remove();
}
