import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The rooms of src/ (README "Where things are") are lint rules: these snippets are linted as if they sat in
 * the named file, with the project's own eslint.config.js.
 */
const root = new URL('../../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) =>
      /^(no-restricted-imports|src\/bottom|srcTests\/bottom)$/.test(message.ruleId ?? ''),
    )
    .map((message) => message.message);
}

describe('the layering of src/ is enforced by lint', () => {
  it('fails an upward import: src/config importing src/blocks', async () => {
    const messages = await restrictedImports(
      'src/config/example.ts',
      "export { importBlock } from '../blocks/registry.ts';\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/config sits below src/blocks');
  });

  it('fails Node-only code in a browser room, and every partner in the visitor app', async () => {
    const node = await restrictedImports(
      'src/pages/Example.ts',
      "export { loadConfig } from '../config/node/loadConfig.ts';\n",
    );
    expect(node.join('\n')).toContain('Node-only code');
    const all = await restrictedImports(
      'src/app/Example.ts',
      "export { partners } from '../config/partners.ts';\n",
    );
    expect(all.join('\n')).toContain("Every partner's data must not reach a visitor's page");
  });

  it('lets a room import from the rooms below it', async () => {
    expect(
      await restrictedImports(
        'src/blocks/Example.ts',
        "export { Container } from '../ui/Container.tsx';\nexport { usePartner } from '../partner/PartnerContext.ts';\n",
      ),
    ).toEqual([]);
  });

  it('keeps src/i18n near the bottom: every room reads the words, the words import only src/lib', async () => {
    expect(
      await restrictedImports('src/ui/Example.ts', "export { useText } from '../i18n/words.ts';\n"),
    ).toEqual([]);
    const upward = await restrictedImports(
      'src/i18n/example.ts',
      "export { usePartner } from '../partner/PartnerContext.ts';\n",
    );
    expect(upward.join('\n')).toContain('src/i18n sits below src/partner');
    // src/lib, the runtime's helpers, is lower still: the words read it, it reads no room.
    expect(
      await restrictedImports(
        'src/i18n/example.ts',
        "export { usable } from '../lib/usable.ts';\n",
      ),
    ).toEqual([]);
    const words = await restrictedImports(
      'src/lib/example.ts',
      "export { useText } from '../i18n/words.ts';\n",
    );
    expect(words.join('\n')).toContain('src/lib sits below src/i18n');
  });

  it("keeps src/ the bottom: no file of it imports Storybook's folders, the tools or the servers", async () => {
    const story = await restrictedImports(
      'src/blocks/Faq/Faq.stories.tsx',
      "export { blockStoryMeta } from '../../../stories/support/blockStory.ts';\n",
    );
    expect(story).toEqual([
      "src/ must not import Storybook's folder (story helpers live in src/preview/stories): stories/support/blockStory.ts.",
    ]);
    const tool = await restrictedImports(
      'src/config/example.ts',
      "export { budgets } from '../../tools/perf/budgets.ts';\n",
    );
    expect(tool.join('\n')).toContain('src/ must not import the build and check tools');
    // A test beside the code may use the test support; the code itself may not.
    const support =
      "export { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';\n";
    expect(await restrictedImports('src/blocks/Faq/Faq.test.tsx', support)).toEqual([]);
    expect((await restrictedImports('src/blocks/Faq/Faq.tsx', support)).join('\n')).toContain(
      'src/ must not import the tests',
    );
  });

  it('lets a test beside the code use Node and every partner, and no room above its own', async () => {
    const node = [
      "import { readFileSync } from 'node:fs';",
      "export { loadConfig } from '../config/node/loadConfig.ts';",
      "export { partners } from '../config/partners.ts';",
      'export const read = readFileSync;',
    ].join('\n');
    expect(await restrictedImports('src/partner/example.test.ts', node)).toEqual([]);
    expect((await restrictedImports('src/partner/example.ts', node)).join('\n')).toContain(
      'Node-only code',
    );
    const upward = await restrictedImports(
      'src/partner/example.test.ts',
      "export { importBlock } from '../blocks/registry.ts';\n",
    );
    expect(upward.join('\n')).toContain('src/partner sits below src/blocks');
  });

  it("lets a block's story use the preview room's story helpers, and not the block's own code", async () => {
    const helper = "export { blockStoryMeta } from '../../preview/stories/blockStory.ts';\n";
    expect(await restrictedImports('src/blocks/Faq/Faq.stories.tsx', helper)).toEqual([]);
    expect((await restrictedImports('src/blocks/Faq/Faq.tsx', helper)).join('\n')).toContain(
      'src/blocks sits below src/preview',
    );
  });
});
