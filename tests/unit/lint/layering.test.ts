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
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the layering of src/ is enforced by lint', () => {
  it('fails an upward import: src/config importing src/sections', async () => {
    const messages = await restrictedImports(
      'src/config/example.ts',
      "export { loadSection } from '../sections/registry.ts';\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/config sits below src/sections');
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
        'src/sections/Example.ts',
        "export { Container } from '../ui/Container.tsx';\nexport { usePartner } from '../partner/PartnerContext.ts';\n",
      ),
    ).toEqual([]);
  });
});
