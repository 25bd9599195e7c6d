import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesMockingModules, mocksModules } from './moduleMocks.ts';

describe('mocksModules', () => {
  it('sees vi.mock and vi.doMock, however spaced', () => {
    expect(mocksModules("vi.mock('../a.ts', () => ({}));")).toBe(true);
    expect(mocksModules("vi.doMock('../a.ts')")).toBe(true);
    expect(mocksModules("vi\n  .mock('../a.ts')")).toBe(true);
  });

  it('does not count spies, fake functions or unmocking', () => {
    expect(mocksModules('const f = vi.fn(); vi.spyOn(console, "error");')).toBe(false);
    expect(mocksModules("vi.unmock('../a.ts'); vi.mocked(f)")).toBe(false);
  });
});

describe('filesMockingModules', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('lists the test files under the folder that replace a module, at any depth, and only those', () => {
    root = mkdtempSync(join(tmpdir(), 'module-mocks-'));
    const dir = join(root, 'tests/browser');
    mkdirSync(join(dir, 'pages/deep'), { recursive: true });
    writeFileSync(join(dir, 'plain.test.tsx'), 'vi.fn();');
    writeFileSync(join(dir, 'pages/Mocking.test.tsx'), "vi.mock('../x.ts');");
    writeFileSync(join(dir, 'pages/deep/Also.test.ts'), "vi.doMock('../x.ts');");
    writeFileSync(join(dir, 'pages/helper.tsx'), "vi.mock('../x.ts');");
    expect(filesMockingModules(root)).toEqual([
      'tests/browser/pages/Mocking.test.tsx',
      'tests/browser/pages/deep/Also.test.ts',
    ]);
  });

  it("finds none in this project's browser tests: each stand-in is a service they pass in", () => {
    // A file that replaced a module would start the browser-isolated project: its own Vite
    // server, dependency bundle and Chromium, about 30 CPU seconds of every run. The host name
    // and Stripe's form come through the partner catalog and the services (src/services), which
    // a test hands a stand-in instead (tests/browser/app/PartnerLayout.test.tsx,
    // tests/browser/pages/ProcessPage.test.tsx).
    const project = join(import.meta.dirname, '../..');
    expect(filesMockingModules(project)).toEqual([]);
  });
});
