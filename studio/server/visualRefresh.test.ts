import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createVisualRefresh,
  visualRefreshCommand,
  type VisualRefreshJob,
} from './visualRefresh.ts';

/** Asks until the run has ended (the child process's exit is the event waited for). */
async function ended(status: () => VisualRefreshJob): Promise<VisualRefreshJob> {
  for (;;) {
    const job = status();
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("Refresh the visual check's pictures, from the studio", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'studio-visual-'));
    mkdirSync(join(root, 'partners'));
    writeFileSync(join(root, 'partners', 'acme.json'), '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A stand-in for the visual tests: a script that writes its arguments and exits with `code`. */
  const fake = (code: number) => (project: string, id: string) => {
    const script = join(project, 'fake-vitest.mjs');
    writeFileSync(
      script,
      `import { writeFileSync } from 'node:fs';
       writeFileSync('ran.txt', process.argv.slice(2).join(' ') + ' ' + process.env.VITEST_MAX_WORKERS);
       console.log('Snapshot mismatch in acme hero');
       process.exit(${code});`,
    );
    return [script, ...visualRefreshCommand(project, id).slice(1)];
  };

  it("runs the project's visual tests of this partner's stories only, writing new pictures", async () => {
    const visual = createVisualRefresh(root, { command: fake(0) });
    const job = visual.start('acme');
    expect(job.state).toBe('running');
    expect(visual.start('acme').job).toBe(job.job);
    expect(await ended(() => visual.status(job.job))).toMatchObject({ state: 'done' });
    expect(readFileSync(join(root, 'ran.txt'), 'utf8')).toBe(
      'run --project storybook --update stories/generated/acme. 1',
    );
  });

  it('says a failed run in words with its last lines, and refuses a partner never saved', async () => {
    const visual = createVisualRefresh(root, { command: fake(1) });
    const job = visual.start('acme');
    const failed = await ended(() => visual.status(job.job));
    expect(failed.state).toBe('failed');
    expect(failed.message).toMatch(/^The visual check stopped with a problem/);
    expect(failed.message).toContain('Snapshot mismatch in acme hero');
    expect(() => visual.start('nobody')).toThrow('There is no partner file partners/nobody.json');
  });
});
