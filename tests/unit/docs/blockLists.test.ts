import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockTypes } from '../../../src/config/node/validation/checkConfig.ts';
import { blockTypeName } from '../../../studio/src/blocks/labels.ts';

/*
 * The block types are found by their folders (src/blocks/<Block>/), and no list of them is kept
 * by hand in code. The docs name them for people: these tests keep those words true when a block
 * is added or removed (issue 38: the table in docs/partners.md was checked by nothing).
 */
const root = join(import.meta.dirname, '../../..');
const doc = (path: string) => readFileSync(join(root, path), 'utf8');

/** The backquoted names in the paragraph and table of docs/partners.md that list block types. */
function typesNamedInPartnersDoc(): string[] {
  const text = doc('docs/partners.md');
  const start = text.indexOf('A page is an ordered list of blocks');
  const end = text.indexOf('**The offer block**', start);
  expect(start, 'the list of block types in docs/partners.md').toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  const part = text.slice(start, end);
  // Table rows name one block in their first cell; the paragraph names the spec's sections.
  const named = [...part.matchAll(/`([a-zA-Z]+)`/g)].map((match) => match[1] ?? '');
  return [
    ...new Set(
      named.filter(
        (name) => !['id', 'type', 'props', 'bodyHtml', 'allowMultipleOpen'].includes(name),
      ),
    ),
  ];
}

describe('the lists of block types in the docs', () => {
  it('docs/partners.md names every block type, and no other', () => {
    expect(typesNamedInPartnersDoc().sort()).toEqual([...blockTypes].sort());
  });

  it("tests/visual/coverage.json's notes say the showcase has every block type, and list none by hand", () => {
    const coverage = JSON.parse(doc('tests/visual/coverage.json')) as {
      partners: Record<string, string>;
    };
    // The claim itself is held by src/config/node/validation/checkConfig.test.ts (every type twice on the home page).
    expect(coverage.partners.showcase).toContain('every block type twice');
    // A hand-kept list of types goes stale when a block is added: a note names none, by its id
    // or as people call it ("rich text", "call-to-action banner", "the retailer block").
    for (const [partner, note] of Object.entries(coverage.partners)) {
      for (const type of blockTypes) {
        const name = blockTypeName(type).toLowerCase();
        const words = name.split(' ');
        const pattern =
          words.length > 1 || name === 'faq'
            ? new RegExp(`\\b${name}\\b`, 'i')
            : new RegExp(`\\b(${name}|${type}) block\\b`, 'i');
        expect(pattern.test(note), `${partner}'s note names "${type}"`).toBe(false);
        expect(note.includes(`\`${type}\``), `${partner}'s note names "${type}"`).toBe(false);
      }
    }
  });

  it('docs/blocks.md names every step of adding a block, baselines and the showcase rule too', () => {
    const guide = doc('docs/blocks.md');
    for (const step of [
      'npm run schemas:types',
      'partners/showcase.json',
      'npm run test:visual:update',
      'tests/visual/__screenshots__',
      'docs/partners.md',
    ]) {
      expect(guide, step).toContain(step);
    }
  });
});
