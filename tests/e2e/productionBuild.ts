import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * `vite build` of the site as `npm run build` makes it, for tests. Not through Vite's API in the
 * test process: Vitest sets NODE_ENV to "test", and Vite and the React plugin then build the
 * browser's code with React's development bundles and JSX runtime (a landing page's first load
 * about 65 KB gzip larger): the end-to-end tests would serve, and the byte budgets measure, another
 * site than the one deployed. Nor with NODE_ENV switched in the test process: Node has loaded
 * React's development bundles there, and the prerender would mix them with production ones. So
 * Vite runs in a process of its own, NODE_ENV "production", `env` added.
 */
export function productionBuild(
  root: string,
  outDir: string,
  env: Record<string, string> = {},
): Promise<void> {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: root,
        env: { ...process.env, ...env, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code === 0) done();
      else fail(new Error(`vite build into ${outDir} failed (exit ${code}):\n${output}`));
    });
  });
}
