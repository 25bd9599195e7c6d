import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule, TestSpecification } from 'vitest/node';
import ProjectEndReporter, { isProject, parseProjectEnd } from './projectEnd.ts';

const dir = mkdtempSync(join(tmpdir(), 'project-end-'));
const file = join(dir, 'storybook-ended');
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(file, { force: true });
});

const spec = (project: string, moduleId: string) =>
  ({ project: { name: project }, moduleId }) as unknown as TestSpecification;
const module = (project: string, moduleId: string) =>
  ({ project: { name: project }, moduleId }) as unknown as TestModule;

describe('projectEnd', () => {
  it('reads "<project>=<file>", and nothing else', () => {
    expect(parseProjectEnd('storybook=/tmp/x')).toEqual({ project: 'storybook', file: '/tmp/x' });
    for (const value of [undefined, '', 'storybook', '=/tmp/x', 'storybook='])
      expect(parseProjectEnd(value)).toBeUndefined();
  });

  it('knows a browser project by its name with the browser after it', () => {
    expect(isProject('storybook (chromium)', 'storybook')).toBe(true);
    expect(isProject('storybook', 'storybook')).toBe(true);
    expect(isProject('storybook-extra', 'storybook')).toBe(false);
  });

  it("writes the file when the project's last file ends, not before, whatever else runs", () => {
    vi.stubEnv('TEST_PROJECT_END', `storybook=${file}`);
    const reporter = new ProjectEndReporter();
    reporter.onTestRunStart([
      spec('storybook (chromium)', '/a.stories.tsx'),
      spec('storybook (chromium)', '/b.stories.tsx'),
      spec('e2e', '/c.test.ts'),
    ]);
    reporter.onTestModuleEnd(module('storybook (chromium)', '/a.stories.tsx'));
    reporter.onTestModuleEnd(module('e2e', '/c.test.ts'));
    expect(existsSync(file)).toBe(false);
    reporter.onTestModuleEnd(module('storybook (chromium)', '/b.stories.tsx'));
    expect(existsSync(file)).toBe(true);
  });

  it('writes it at the start when the run has none of its files, and nothing without the setting', () => {
    vi.stubEnv('TEST_PROJECT_END', `storybook=${file}`);
    new ProjectEndReporter().onTestRunStart([spec('e2e', '/c.test.ts')]);
    expect(existsSync(file)).toBe(true);
    rmSync(file);
    vi.stubEnv('TEST_PROJECT_END', undefined);
    const quiet = new ProjectEndReporter();
    quiet.onTestRunStart([spec('storybook (chromium)', '/a.stories.tsx')]);
    quiet.onTestModuleEnd(module('storybook (chromium)', '/a.stories.tsx'));
    expect(existsSync(file)).toBe(false);
  });
});
