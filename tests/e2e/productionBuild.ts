import { join } from 'node:path';
import { runForOutput } from '../../tools/runForOutput.ts';

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
  return viteBuild(root, outDir, { env, nodeEnv: 'production' });
}

/**
 * `vite build` in a process of its own (the test process stays free to run tests meanwhile), with
 * `configFile` (the site's by default) and NODE_ENV `nodeEnv`. Its output is shown only when it
 * fails.
 */
export async function viteBuild(
  root: string,
  outDir: string,
  {
    configFile,
    nodeEnv,
    env = {},
  }: { configFile?: string; nodeEnv: string; env?: Record<string, string> },
): Promise<void> {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const config = configFile === undefined ? [] : ['--config', configFile];
  const { code, output } = await runForOutput(
    process.execPath,
    [vite, 'build', ...config, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, env: { ...process.env, ...env, NODE_ENV: nodeEnv } },
  );
  if (code !== 0) throw new Error(`vite build into ${outDir} failed (exit ${code}):\n${output}`);
}
