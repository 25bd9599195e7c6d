import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { productionBuild } from './productionBuild.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    /** The Partner Studio, built once (studio/vite.config.ts) for the studio files to serve. */
    studioDistDir: string;
  }
}

/**
 * The build both end-to-end projects (e2e on SQLite, e2e-postgres) serve: made once per test run
 * and removed after the last of them. Kept on globalThis, which outlives a module instance.
 */
interface SharedBuild {
  outDir: Promise<string>;
  studioDir: Promise<string>;
  users: number;
}
const shared = globalThis as typeof globalThis & { homesafeE2eBuild?: SharedBuild };

/**
 * Builds the site once (production, offline defaults) and the studio, into temporary folders the
 * end-to-end tests serve.
 */
export default async function setup(project: TestProject) {
  if (!shared.homesafeE2eBuild) {
    const outDir = mkdtempSync(join(tmpdir(), 'homesafe-e2e-dist-'));
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const studioDir = mkdtempSync(join(tmpdir(), 'homesafe-e2e-studio-'));
    shared.homesafeE2eBuild = {
      outDir: productionBuild(root, outDir).then(() => outDir),
      // A few seconds, against about as many per page a dev server takes to transform and serve
      // the studio's modules to each new browser context (measured: 3-6 s a page, 30 pages).
      studioDir: build({
        configFile: join(root, 'studio/vite.config.ts'),
        build: {
          outDir: studioDir,
          emptyOutDir: true,
          // A test build: no advice on chunk sizes or plugin timings in the test log.
          chunkSizeWarningLimit: 4096,
          rolldownOptions: { checks: { pluginTimings: false } },
        },
        logLevel: 'warn',
      }).then(() => studioDir),
      users: 0,
    };
  }
  const current = shared.homesafeE2eBuild;
  current.users += 1;
  const [outDir, studioDir] = await Promise.all([current.outDir, current.studioDir]);
  project.provide('distDir', outDir);
  project.provide('studioDistDir', studioDir);
  return () => {
    current.users -= 1;
    if (current.users > 0) return;
    rmSync(outDir, { recursive: true, force: true });
    rmSync(studioDir, { recursive: true, force: true });
    shared.homesafeE2eBuild = undefined;
  };
}
