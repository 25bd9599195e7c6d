import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as ui from './ui.ts';

const root = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/*
 * Global UI state (spec §3) is only worth having when something reads or writes it: a flag nobody
 * uses looks like a feature that is not there (issue 15 found claimOfferModalOpenAtom so).
 */
describe('global UI state', () => {
  it('has no atom that the app never uses', () => {
    // The app's files: a test beside the code (this one too) using an atom is not the app using it.
    const files = sourceFiles(join(root, 'src')).filter(
      (file) =>
        relative(root, file) !== join('src', 'state', 'ui.ts') && !/\.test\.tsx?$/.test(file),
    );
    const sources = files.map((file) => readFileSync(file, 'utf8'));
    const unused = Object.keys(ui).filter(
      (name) => !sources.some((source) => new RegExp(`\\b${name}\\b`).test(source)),
    );
    expect(unused).toEqual([]);
  });
});
