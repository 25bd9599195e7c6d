import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { StudioError } from './studioError.ts';

/**
 * "Refresh the visual check's pictures" after a save: the visual tests compare each partner's
 * pages with pictures kept in the repository (tests/visual/__screenshots__/chromium-linux/<id>/,
 * docs/testing.md), and a changed partner needs its pictures taken again. The studio runs the
 * project's own visual tests for this partner's stories only, writing new pictures (vitest's
 * --update), as a child process with an argument list (no shell), one run at a time, and says
 * how it went. "Record in git" then records them with the partner file (partnerGit.ts).
 */
export interface VisualRefreshJob {
  job: string;
  partnerId: string;
  state: 'running' | 'done' | 'failed';
  /** When failed: what went wrong, in a sentence and the run's last lines. */
  message?: string;
}

/** The run: the storybook project's tests of this partner's generated story files only. */
export function visualRefreshCommand(projectRoot: string, id: string): string[] {
  return [
    join(projectRoot, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--project',
    'storybook',
    '--update',
    // The two story files generated for the partner (sections and journey), by their path.
    `stories/generated/${id}.`,
  ];
}

/** The run's colour codes (ESC [ … m): the output is read as words, FORCE_COLOR aside. */
const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The last lines of the run's output, for a failure's message (without terminal colours). */
const tail = (output: string) =>
  output.replace(colours, '').trim().split('\n').slice(-6).join('\n');

export function createVisualRefresh(
  projectRoot: string,
  { node = process.execPath, command = visualRefreshCommand } = {},
) {
  const jobs = new Map<string, VisualRefreshJob>();

  function run(job: VisualRefreshJob) {
    const [script = '', ...args] = command(projectRoot, job.partnerId);
    let output = '';
    const child = spawn(node, [script, ...args], {
      cwd: projectRoot,
      // One worker: the machine is shared with the studio's own preview and Chromium.
      env: { ...process.env, VITEST_MAX_WORKERS: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => {
      Object.assign(job, { state: 'failed', message: `The run could not start: ${error.message}` });
    });
    child.on('close', (code) => {
      if (job.state !== 'running') return;
      Object.assign(
        job,
        code === 0
          ? { state: 'done' }
          : {
              state: 'failed',
              message: `The visual check stopped with a problem, so some pictures may not be new. Ask a developer to look at it; its last words were:\n${tail(output)}`,
            },
      );
    });
  }

  return {
    /** Starts a run for the saved partner (asking again while it runs returns the same one). */
    start(id: string): VisualRefreshJob {
      const running = [...jobs.values()].find((job) => job.state === 'running');
      if (running && running.partnerId === id) return { ...running };
      if (running)
        throw new StudioError(
          409,
          `The visual check's pictures of ${running.partnerId} are being taken; try again when that is done.`,
        );
      if (!existsSync(join(projectRoot, 'partners', `${id}.json`)))
        throw new StudioError(404, `There is no partner file partners/${id}.json: save it first.`);
      const [script = ''] = command(projectRoot, id);
      if (!existsSync(script))
        throw new StudioError(
          503,
          'The visual check is not installed in this project folder, so its pictures cannot be taken here.',
        );
      const job: VisualRefreshJob = { job: randomUUID(), partnerId: id, state: 'running' };
      jobs.set(job.job, job);
      run(job);
      return { ...job };
    },

    status(jobId: string): VisualRefreshJob {
      const job = jobs.get(jobId);
      if (!job)
        throw new StudioError(
          404,
          'The studio has no such run (was it restarted?). Start it again.',
        );
      return { ...job };
    },
  };
}
