import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForPreparation } from './preparation.ts';

describe("npm test's wait for the machine's preparation (.ci/run)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'homesafe-preparation-'));

  it('waits until the file is written, then passes on exit status 0', async () => {
    const file = join(dir, 'ok');
    const waiting = waitForPreparation(file, 5);
    let settled = false;
    void waiting.then(() => (settled = true));
    // Nothing written yet: still waiting after several polls.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(settled).toBe(false);
    writeFileSync(file, `0\n${join(dir, 'no-such.log')}\n`);
    await expect(waiting).resolves.toEqual({ ok: true, report: '' });
  });

  it('fails on another status and shows the log', async () => {
    const log = join(dir, 'prepare.log');
    writeFileSync(log, 'gyp ERR! build error\n');
    const file = join(dir, 'failed');
    writeFileSync(file, `1\n${log}\n`);
    const result = await waitForPreparation(file, 5);
    expect(result.ok).toBe(false);
    expect(result.report).toContain('Preparing the machine failed (exit 1)');
    expect(result.report).toContain('gyp ERR! build error');
  });
});
