import { describe, expect, it } from 'vitest';
import { blockTypeName } from '../blocks/labels.ts';
import {
  blockSchema,
  blockTypes,
  controlWeightSchema,
  fieldLabel,
  itemName,
  pageSettingsSchema,
  resolve,
  settingsSchema,
  uiSchemaFor,
  variantSettingsSchema,
  type SchemaNode,
} from './schema.ts';

/**
 * What a partner manager reads in the studio's forms comes from the partner schema: each
 * setting's label (its `title`, else its name in plain words), each list entry's name
 * (`x-itemName`), each shape's name in a "Kind of …" choice (its description) and each block's
 * name. None may be a developer's word.
 */
const developerWords: [string, RegExp][] = [
  ['camelCase', /[a-z][A-Z]/],
  ['a type name', /^[A-Z][a-z]+[A-Z]/],
  ['a short form', /\b(src|bg|cta|props|slug|dev|prod|meta(?! pixel)|html|json|iso)\b/i],
  ['an rjsf entry name', /\w-\d+$/],
  ['cents without "in"', /(?<!\bin )\bcents\b/i],
];

const complaint = (text: string) => developerWords.find(([, pattern]) => pattern.test(text))?.[0];

/** Every text the forms take from the schema below this node, with where it is. */
function wordsIn(node: SchemaNode, at: string, depth = 0): [string, string][] {
  if (depth > 10) return [];
  const resolved = resolve(node);
  const found: [string, string][] = [];
  for (const [key, child] of Object.entries(resolved.properties ?? {})) {
    if (typeof child !== 'object') continue;
    const label = fieldLabel(key, child as SchemaNode);
    found.push([`${at}/${key}`, label]);
    if (resolve(child as SchemaNode).type === 'array')
      found.push([`${at}/${key}/[]`, itemName(child as SchemaNode, label)]);
    found.push(...wordsIn(child as SchemaNode, `${at}/${key}`, depth + 1));
  }
  if (resolved.items && typeof resolved.items === 'object')
    found.push(...wordsIn(resolved.items as SchemaNode, `${at}/[]`, depth + 1));
  for (const [index, entry] of (uiSchemaFor(resolved).oneOf ?? []).entries())
    found.push([`${at}/oneOf/${index}`, String((entry as { 'ui:title'?: string })['ui:title'])]);
  (resolved.oneOf ?? []).forEach((branch, index) => {
    if (typeof branch === 'object')
      found.push(...wordsIn(branch as SchemaNode, `${at}/oneOf/${index}`, depth + 1));
  });
  return found;
}

describe('the words the studio takes from the partner schema', () => {
  it('knows a developer word when it sees one', () => {
    for (const bad of ['Logo src', 'Desktop bg', 'Cta text', 'FormFieldDefinition', 'items-1'])
      expect(complaint(bad), bad).toBeDefined();
    expect(complaint('Amount cents')).toBe('cents without "in"');
    expect(complaint('amountCents')).toBe('camelCase');
    for (const good of ['Logo picture', 'Amount in cents', 'Question', 'Web address'])
      expect(complaint(good), good).toBeUndefined();
  });

  it('labels every setting, list entry and shape of every form in plain words', () => {
    const forms: [string, SchemaNode][] = [
      ['settings', settingsSchema],
      ['page', pageSettingsSchema],
      ['variant', variantSettingsSchema],
      ['test', controlWeightSchema],
      ...blockTypes.map((type): [string, SchemaNode] => [type, blockSchema(type)]),
    ];
    const words = forms.flatMap(([name, schema]) => wordsIn(schema, name));
    expect(words.length).toBeGreaterThan(100);
    const bad = words
      .filter(([, text]) => complaint(text) !== undefined)
      .map(([at, text]) => `${at}: "${text}" (${complaint(text)})`);
    expect(bad).toEqual([]);
  });

  it("says what a text's formatting is for in its help, without the file's list of tags (issue 36)", () => {
    const helps = (ui: unknown): string[] =>
      typeof ui !== 'object' || ui === null
        ? []
        : Object.entries(ui).flatMap(([key, value]) =>
            key === 'ui:help' && typeof value === 'string' ? [value] : helps(value),
          );
    const all = blockTypes.flatMap((type) => helps(uiSchemaFor(blockSchema(type))));
    const formatted = all.filter((help) => /simple formatting/.test(help));
    // The FAQ's answer and the picture-and-text block's text.
    expect(formatted.length).toBeGreaterThanOrEqual(2);
    expect(all.filter((help) => /<\w+>, </.test(help))).toEqual([]);
  });

  it('names every block in plain words', () => {
    const bad = blockTypes.map(blockTypeName).filter((name) => complaint(name) !== undefined);
    expect(bad).toEqual([]);
    expect(blockTypeName('faq')).toBe('FAQ');
    expect(blockTypeName('ctaBanner')).toBe('Call-to-action banner');
  });
});
