import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
  }
}

/** Builds the site once, offline defaults, into a temporary folder the end-to-end tests serve. */
export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), 'homesafe-e2e-dist-'));
  const root = fileURLToPath(new URL('../..', import.meta.url));
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  project.provide('distDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
