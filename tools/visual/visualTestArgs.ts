import { vitestNodeArgs } from '../test/vitestCommand.ts';

/**
 * Node's arguments for one run of the Storybook project's visual tests of `files`, writing Vitest's
 * JSON report to `reportFile`; `update` records the baselines instead of comparing with them.
 * `stories` (story names, exactly) runs only those stories of the files.
 */
export function visualTestArgs(
  root: string,
  files: string[],
  reportFile: string,
  update: boolean,
  stories?: readonly string[],
): string[] {
  return [
    ...vitestNodeArgs(root),
    'run',
    '--project',
    'storybook',
    ...(update ? ['--update'] : []),
    '--reporter=json',
    `--outputFile=${reportFile}`,
    ...(stories ? [`--testNamePattern=^(?:${stories.map(escapeRegExp).join('|')})$`] : []),
    ...files,
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
