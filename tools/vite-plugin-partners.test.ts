import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { partnersPlugin } from './vite-plugin-partners.ts';

const root = new URL('..', import.meta.url).pathname;
const copy = mkdtempSync(join(tmpdir(), 'partners-'));
for (const dir of ['partners', 'config', 'public'])
  cpSync(join(root, dir), join(copy, dir), { recursive: true });
writeFileSync(
  join(copy, 'partners/acme.json'),
  JSON.stringify({
    ...JSON.parse(JSON.stringify(await import('../partners/demo.json'))).default,
    id: 'acme',
    hosts: ['localhost'],
  }),
);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const expectedLine =
  'partners/acme.json /hosts/0: the host name "localhost" is also listed by partners/lowes.json; a host name may select one partner only';

describe('a broken partner file stops the tools', () => {
  it('stops the Vite plugin (dev start, build, tests, Storybook) with the file, pointer and sentence', () => {
    const plugin = partnersPlugin(copy);
    const buildStart = plugin.buildStart as () => void;
    expect(() => buildStart()).toThrow(expectedLine);
  });

  it('makes npm run partners:check exit 1 with the same explanation', async () => {
    const run = promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [
      join(root, 'tools/partners-check.ts'),
      '--root',
      copy,
    ]);
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(expectedLine),
    });
    // A fresh tsx process: seconds on a busy 2-core machine.
  }, 30_000);

  it('passes on the real project', async () => {
    const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [
      join(root, 'tools/partners-check.ts'),
    ]);
    expect(stdout).toMatch(/\d+ partner files are valid/);
  }, 30_000);
});

describe('virtual:site', () => {
  it("gives the browser the site file's data without its $schema line (an editor's hint)", () => {
    const plugin = partnersPlugin(root);
    const resolveId = plugin.resolveId as (id: string) => string | undefined;
    const load = plugin.load as (id: string) => string | undefined;
    const code = load(resolveId('virtual:site') ?? '') ?? '';
    const site = JSON.parse(code.replace(/^export const site = /, '').replace(/;$/, '')) as Record<
      string,
      unknown
    >;
    expect(site).toMatchObject({ product: 'HomeSafe Scan' });
    expect(site).not.toHaveProperty('$schema');
  });
});
