import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The studio app's boundaries (eslint.config.js, "studio/boundaries"): these snippets are linted as
 * if they sat in the named file, with the project's own config.
 */
const root = new URL('../../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'studio/boundaries')
    .map((message) => message.message);
}

describe('studio/src imports neither the site server, the stories nor Node-only config', () => {
  it("refuses the site's server, Storybook's stories and src/config/node", async () => {
    const messages = await boundaryMessages(
      'studio/src/editor/Example.ts',
      [
        "export type { FunnelReport } from '../../../server/report/funnelReport.ts';",
        "export { journeyPageNames } from '../../../stories/support/journeyPages.ts';",
        "export { loadConfig } from '../../../src/config/node/loadConfig.ts';",
        "export const later = () => import('../../../server/report/funnelReport.ts');",
      ].join('\n'),
    );
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain("the site's API server");
    expect(messages[1]).toContain('Storybook stories');
    expect(messages[2]).toContain('Node-only config code');
  });

  it("lets it import the studio's own server types and the site's browser code", async () => {
    expect(
      await boundaryMessages(
        'studio/src/api/Example.ts',
        [
          "export type { Picture } from '../../server/workspace.ts';",
          "export { CONTROL } from '../../../src/config/experiments.ts';",
          "export { blockTypes } from '../schema/schema.ts';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets a studio test beside its module run the partner checker, nothing more', async () => {
    const [result] = await eslint.lintText(
      [
        "export { checkConfig } from '../../../src/config/node/validation/checkConfig.ts';",
        "export type { FunnelReport } from '../../../server/report/funnelReport.ts';",
        "export { journeyPageNames } from '../../../stories/support/journeyPages.ts';",
      ].join('\n'),
      { filePath: `${root}studio/src/blocks/example.test.ts` },
    );
    const messages = (result?.messages ?? [])
      .filter((message) => /^studio(Tests)?\/boundaries$/.test(message.ruleId ?? ''))
      .map((message) => message.message);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain("the site's API server");
    expect(messages[1]).toContain('Storybook stories');
  });
});
