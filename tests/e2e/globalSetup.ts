import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { productionBuild } from './productionBuild.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
  }
}

/**
 * The build both end-to-end projects (e2e on SQLite, e2e-postgres) serve: made once per test run
 * and removed after the last of them. Kept on globalThis, which outlives a module instance.
 */
interface SharedBuild {
  outDir: Promise<string>;
  users: number;
}
const shared = globalThis as typeof globalThis & { homesafeE2eBuild?: SharedBuild };

/** Builds the site once (production, offline defaults), into a temporary folder the end-to-end tests serve. */
export default async function setup(project: TestProject) {
  if (!shared.homesafeE2eBuild) {
    const outDir = mkdtempSync(join(tmpdir(), 'homesafe-e2e-dist-'));
    const root = fileURLToPath(new URL('../..', import.meta.url));
    shared.homesafeE2eBuild = {
      outDir: productionBuild(root, outDir).then(() => outDir),
      users: 0,
    };
  }
  const current = shared.homesafeE2eBuild;
  current.users += 1;
  const outDir = await current.outDir;
  project.provide('distDir', outDir);
  return () => {
    current.users -= 1;
    if (current.users > 0) return;
    rmSync(outDir, { recursive: true, force: true });
    shared.homesafeE2eBuild = undefined;
  };
}
