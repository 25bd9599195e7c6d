import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStatusFile, waitForBuilds } from '../../e2e/builds.ts';

/** The end-to-end files wait for the builds that globalSetup starts without waiting for them. */
describe('waitForBuilds', () => {
  const dirs: string[] = [];
  const statusDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'homesafe-builds-test-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const settled = (promise: Promise<void>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => `rejected: ${error instanceof Error ? error.message : String(error)}`,
    );

  it('waits until both builds have said they ended well', async () => {
    const dir = statusDir();
    let state = 'waiting';
    const waiting = waitForBuilds(dir, 5).then(() => (state = 'resolved'));
    writeFileSync(buildStatusFile(dir, 'site'), JSON.stringify({ ok: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state).toBe('waiting');
    writeFileSync(buildStatusFile(dir, 'studio'), JSON.stringify({ ok: true }));
    await waiting;
    expect(state).toBe('resolved');
  });

  it("fails at once with a failed build's own words, without waiting for the other", async () => {
    const dir = statusDir();
    writeFileSync(
      buildStatusFile(dir, 'studio'),
      JSON.stringify({ ok: false, error: 'vite build failed (exit 1): Could not resolve "x"' }),
    );
    await expect(settled(waitForBuilds(dir, 5))).resolves.toBe(
      'rejected: the end-to-end studio build failed: vite build failed (exit 1): Could not resolve "x"',
    );
  });
});
