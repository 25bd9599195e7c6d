import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A temporary copy of the files the Partner Studio edits (partners/, config/site.json, public/),
 * so tests write there and never into the repository's own partner files.
 */
export function copyProject(): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'homesafe-studio-'));
  cpSync(join(repoRoot, 'partners'), join(root, 'partners'), { recursive: true });
  cpSync(join(repoRoot, 'public'), join(root, 'public'), { recursive: true });
  mkdirSync(join(root, 'config'));
  cpSync(join(repoRoot, 'config', 'site.json'), join(root, 'config', 'site.json'));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The smallest valid PNG (1 x 1 pixel), for upload tests. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
