import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The browser test files that replace a module (vi.mock or vi.doMock), relative to `root` and
 * sorted. The browser project's other files share one test page and its modules (vitest.config.ts):
 * a module another file has already loaded cannot be replaced there, and a test that counts a
 * module's loads sees the other files' loads. These files run in a page of their own instead (the
 * browser-isolated project). Found by reading the files, so a new one is never left out.
 */
export function filesMockingModules(root: string, dir = 'tests/browser'): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.test\.tsx?$/.test(entry.name) && mocksModules(readFileSync(path, 'utf8')))
        found.push(relative(root, path));
    }
  };
  visit(join(root, dir));
  return found.sort();
}

/** Whether a test file's source calls vi.mock or vi.doMock (vi.fn, vi.spyOn and the like do not count). */
export const mocksModules = (source: string) => /\bvi\s*\.\s*(?:do)?[mM]ock\s*\(/.test(source);
