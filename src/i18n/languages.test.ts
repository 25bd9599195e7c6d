import { describe, expect, it } from 'vitest';
import partnerSchema from '../../schemas/partner.schema.json' with { type: 'json' };
import { languages } from './languages.ts';

/** The partner schema's language list repeats src/i18n/languages.ts (one schema, one list). */
describe('the languages a partner file may list', () => {
  it('are the languages the product speaks, in the same order', () => {
    expect(partnerSchema.$defs.language.enum).toEqual([...languages]);
    expect(partnerSchema.$defs.language['x-enumLabels']).toHaveLength(languages.length);
  });
});
