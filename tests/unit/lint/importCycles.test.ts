import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, readImportGraph } from '../../../tools/lint/importCycles.ts';

/*
 * No import circles in the project's TypeScript: a type two files share moves down into a module
 * both import. A new circle fails here, naming its files.
 */
const root = new URL('../../..', import.meta.url).pathname;

describe('import circles', () => {
  let fixture: string | undefined;
  afterEach(() => {
    if (fixture) rmSync(fixture, { recursive: true, force: true });
    fixture = undefined;
  });

  function project(files: Record<string, string>): string {
    fixture = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }
    return fixture;
  }

  it('finds a two-file circle made of a type-only import, and names its files', () => {
    const dir = project({
      'src/list.ts': "import { step } from './step.ts';\nexport const steps = [step];\n",
      'src/step.ts': "import type { Step } from './list';\nexport const step = {};\n",
      'src/leaf.ts': "import { steps } from './list.ts';\nexport const count = steps.length;\n",
    });
    expect(findCycles(readImportGraph(dir, ['src']))).toEqual([
      ['src/list.ts', 'src/step.ts', 'src/list.ts'],
    ]);
  });

  it('finds a longer circle across folders, through re-exports and index files', () => {
    const dir = project({
      'src/a.ts': "export { b } from './b/index.ts';\n",
      'src/b/index.ts': "export * from '../../tools/c.js';\nexport const b = 1;\n",
      'tools/c.ts': "import { a } from '../src/a.ts';\nexport const c = a;\n",
      'tools/d.tsx':
        "import React from 'react';\nimport { c } from './c.ts';\nexport const d = c;\n",
    });
    expect(findCycles(readImportGraph(dir, ['src', 'tools']))).toEqual([
      ['src/a.ts', 'src/b/index.ts', 'tools/c.ts', 'src/a.ts'],
    ]);
  });

  it('finds none in a graph without circles', () => {
    expect(
      findCycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds none in src/, server/, tools/ and studio/', () => {
    const graph = readImportGraph(root, ['src', 'server', 'tools', 'studio']);
    expect(graph.size).toBeGreaterThan(200);
    const circles = findCycles(graph).map((circle) => circle.join(' -> '));
    expect(circles, 'move the shared piece down into a module both files import').toEqual([]);
  });
});
