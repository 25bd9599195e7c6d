import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildStatusFile, type BuildName } from './builds.ts';
import { productionBuild, viteBuild } from './productionBuild.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    /** The Partner Studio, built once (studio/vite.config.ts) for the studio files to serve. */
    studioDistDir: string;
    /** Where the builds say they are done (builds.ts): each e2e file waits for them first. */
    e2eBuildStatusDir: string;
  }
}

/**
 * The build both end-to-end projects (e2e on SQLite, e2e-postgres) serve: made once per test run
 * and removed after the last of them. Kept on globalThis, which outlives a module instance.
 */
interface SharedBuild {
  outDir: string;
  studioDir: string;
  statusDir: string;
  /** Both builds ended, either way (the teardown waits for it before removing their folders). */
  ended: Promise<unknown>;
  users: number;
}
const shared = globalThis as typeof globalThis & { homesafeE2eBuild?: SharedBuild };

/** Runs a build and records how it ended, for the files waiting on it (builds.ts). */
function recorded(statusDir: string, name: BuildName, build: Promise<void>) {
  return build.then(
    () => writeFileSync(buildStatusFile(statusDir, name), JSON.stringify({ ok: true })),
    (error: unknown) =>
      writeFileSync(
        buildStatusFile(statusDir, name),
        JSON.stringify({
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
  );
}

/**
 * Starts the site's production build and the studio's build, into temporary folders the
 * end-to-end tests serve, and returns at once. Vitest runs every project's global setup before
 * the first test of any project: awaited here, the two builds (about 35 s on a 2-core machine,
 * mostly on one core) held back the unit, server and browser projects, which need neither. They
 * run beside those projects now, and each end-to-end file waits for them before its first hook
 * (waitForBuilds.ts, the e2e projects' setup file): by then they have long ended.
 */
export default function setup(project: TestProject) {
  if (!shared.homesafeE2eBuild) {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const outDir = mkdtempSync(join(tmpdir(), 'homesafe-e2e-dist-'));
    const studioDir = mkdtempSync(join(tmpdir(), 'homesafe-e2e-studio-'));
    const statusDir = mkdtempSync(join(tmpdir(), 'homesafe-e2e-builds-'));
    shared.homesafeE2eBuild = {
      outDir,
      studioDir,
      statusDir,
      ended: Promise.all([
        recorded(statusDir, 'site', productionBuild(root, outDir)),
        // Built once (a few seconds, against 3-6 s a page for a dev server to transform and
        // serve the studio's modules to each new browser context, 30 pages), with React's
        // production bundles: the development ones doubled the CPU the studio's pages and
        // preview frames took. studioHistory.test.ts runs `npm run studio`'s dev server too.
        recorded(
          statusDir,
          'studio',
          viteBuild(root, studioDir, {
            configFile: join(root, 'studio/vite.config.ts'),
            nodeEnv: 'production',
          }),
        ),
      ]),
      users: 0,
    };
  }
  const current = shared.homesafeE2eBuild;
  current.users += 1;
  project.provide('distDir', current.outDir);
  project.provide('studioDistDir', current.studioDir);
  project.provide('e2eBuildStatusDir', current.statusDir);
  return async () => {
    current.users -= 1;
    if (current.users > 0) return;
    shared.homesafeE2eBuild = undefined;
    await current.ended;
    for (const dir of [current.outDir, current.studioDir, current.statusDir])
      rmSync(dir, { recursive: true, force: true });
  };
}
