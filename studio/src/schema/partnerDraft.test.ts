import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { variantSettingsFrom } from '../experiment/experiments.ts';
import type { Json, JsonObject } from './json.ts';
import { isPartnerDraft } from './partnerDraft.ts';

const demo = (): JsonObject =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../partners/demo.json'), 'utf8'));

/** The demo with one change made to a copy of it. */
function changed(edit: (copy: JsonObject) => void): JsonObject {
  const copy = demo();
  edit(copy);
  return copy;
}

const landing = (partner: JsonObject): JsonObject => {
  const pages = partner.pages as JsonObject;
  return pages.landing as JsonObject;
};

describe('a partner draft from outside the studio is checked by looking', () => {
  it('takes a real partner file, and one with emptied texts and an empty block list', () => {
    expect(isPartnerDraft(demo())).toBe(true);
    expect(
      isPartnerDraft(
        changed((copy) => {
          copy.name = '';
          delete copy.meta;
          landing(copy).sections = [];
        }),
      ),
    ).toBe(true);
  });

  it('refuses what the studio could not walk', () => {
    const broken: [string, (copy: JsonObject) => void][] = [
      ['no pages', (copy) => delete copy.pages],
      ['no branding', (copy) => delete copy.branding],
      ['hosts not a list', (copy) => (copy.hosts = 'example.com')],
      ['a block list that is not a list', (copy) => (landing(copy).sections = {})],
      [
        'a block of no known type',
        (copy) => (landing(copy).sections = [{ id: 'x', type: 'nope', props: {} }]),
      ],
      [
        'a block without settings',
        (copy) => (landing(copy).sections = [{ id: 'x', type: 'hero' }]),
      ],
      [
        'a test whose variants are not a list',
        (copy) => (landing(copy).experiment = { variants: 3 }),
      ],
    ];
    for (const [what, edit] of broken)
      expect([what, isPartnerDraft(changed(edit))]).toEqual([what, false]);
    const notObjects: Json[] = [null, [], 'demo'];
    for (const value of notObjects) expect(isPartnerDraft(value)).toBe(false);
  });
});

describe("the variant settings form's data", () => {
  it('keeps the values of their type and leaves out the rest', () => {
    expect(
      variantSettingsFrom({
        id: 'warm',
        weight: 30,
        note: 'Warmer',
        schedule: { start: '2026-12-01T09:00:00Z' },
      }),
    ).toEqual({
      id: 'warm',
      weight: 30,
      note: 'Warmer',
      schedule: { start: '2026-12-01T09:00:00Z', end: undefined },
    });
    expect(variantSettingsFrom({ id: 7, weight: '30' })).toEqual({
      id: undefined,
      weight: undefined,
      note: undefined,
      schedule: undefined,
    });
    expect(variantSettingsFrom(null)).toEqual({});
  });
});
