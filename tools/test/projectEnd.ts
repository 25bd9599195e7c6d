import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

/**
 * Tells another process when one project's files have all run, while the rest of the run goes
 * on: `npm test` (all.ts) starts the visual gate's proof once the Storybook project is done,
 * beside the end-to-end files' last minutes, instead of after the whole run.
 *
 * TEST_PROJECT_END is `<project name>=<file>`: the file is written when the last of that
 * project's files ends (at once when the run has none). Without it, this reporter does nothing.
 */
export function parseProjectEnd(
  value: string | undefined,
): { project: string; file: string } | undefined {
  const at = value?.indexOf('=') ?? -1;
  if (value === undefined || at <= 0 || at === value.length - 1) return undefined;
  return { project: value.slice(0, at), file: value.slice(at + 1) };
}

/** A Vitest project's name as the run reports it: "storybook" runs as "storybook (chromium)". */
export const isProject = (name: string, wanted: string) =>
  name === wanted || name.startsWith(`${wanted} (`);

export default class ProjectEndReporter implements Reporter {
  private readonly wanted = parseProjectEnd(process.env.TEST_PROJECT_END);
  private left = new Set<string>();
  private told = false;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    if (!this.wanted) return;
    const { project } = this.wanted;
    this.left = new Set(
      specifications
        .filter((specification) => isProject(specification.project.name, project))
        .map((specification) => specification.moduleId),
    );
    if (this.left.size === 0) this.tell();
  }

  onTestModuleEnd(module: TestModule): void {
    if (!this.wanted || !isProject(module.project.name, this.wanted.project)) return;
    this.left.delete(module.moduleId);
    if (this.left.size === 0) this.tell();
  }

  private tell(): void {
    if (this.told || !this.wanted) return;
    this.told = true;
    mkdirSync(dirname(this.wanted.file), { recursive: true });
    writeFileSync(this.wanted.file, `${new Date().toISOString()}\n`);
  }
}
