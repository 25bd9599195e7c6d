import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The end-to-end builds' status files: globalSetup.ts starts the builds without waiting for them
 * and writes `<name>.json` ({ ok } or { ok: false, error }) as each ends; every end-to-end file
 * waits here first (waitForBuilds.ts).
 */
export type BuildName = 'site' | 'studio';

export const buildStatusFile = (statusDir: string, name: BuildName) =>
  join(statusDir, `${name}.json`);

/** Resolves when both builds have ended well; rejects with a failed build's own output. */
export async function waitForBuilds(statusDir: string, pollMs = 250): Promise<void> {
  const names: BuildName[] = ['site', 'studio'];
  for (;;) {
    const ended = names.filter((name) => existsSync(buildStatusFile(statusDir, name)));
    for (const name of ended) {
      const status = JSON.parse(readFileSync(buildStatusFile(statusDir, name), 'utf8')) as {
        ok: boolean;
        error?: string;
      };
      if (!status.ok) throw new Error(`the end-to-end ${name} build failed: ${status.error ?? ''}`);
    }
    if (ended.length === names.length) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
