import { execFileSync } from 'node:child_process';
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

/**
 * Makes the project copy a git repository with everything committed, under a test author set in
 * the repository itself (so the machine's own git settings do not matter).
 */
export function makeGitRepository(root: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Studio Tester');
  git('config', 'user.email', 'studio-tester@example.com');
  git('add', '-A');
  git('commit', '-q', '-m', 'The project as copied');
}

/** The smallest valid PNG (1 x 1 pixel), for upload tests. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
