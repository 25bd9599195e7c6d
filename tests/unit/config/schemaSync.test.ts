import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import partnerSchema from '../../../schemas/partner.schema.json' with { type: 'json' };
import { sectionRegistry } from '../../../src/sections/registry.tsx';
import { sectionTypes } from '../../../src/sections/sectionTypes.ts';
import { generatedTypeFiles, renderTypes } from '../../../tools/generate-types.ts';

const root = new URL('../../..', import.meta.url).pathname;

describe('one source of truth for each shape', () => {
  it.each(generatedTypeFiles)(
    '$output is what $schema generates (run npm run schemas:types)',
    async ({ schema, output }) => {
      expect(readFileSync(root + output, 'utf8')).toBe(await renderTypes(schema));
    },
  );

  it('the schema, the section type list and the registry name the same sections', () => {
    const branches = partnerSchema.$defs.section.oneOf.map((branch) => {
      const name = branch.$ref.split('/').pop() as keyof typeof partnerSchema.$defs;
      const type = (
        partnerSchema.$defs[name] as { properties: { type: { enum?: string[]; const?: string } } }
      ).properties.type;
      return type.enum ?? [type.const];
    });
    expect(branches.flat().sort()).toEqual([...sectionTypes].sort());
    expect(Object.keys(sectionRegistry).sort()).toEqual([...sectionTypes].sort());
  });

  it('every schema property carries a description (the schema is the onboarding manual)', () => {
    const missing: string[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (record.properties && typeof record.properties === 'object') {
        for (const [key, child] of Object.entries(
          record.properties as Record<string, Record<string, unknown>>,
        )) {
          if (typeof child.description !== 'string' && !child.$ref)
            missing.push(`${pointer}/properties/${key}`);
          walk(child, `${pointer}/properties/${key}`);
        }
      }
      for (const key of ['items', '$defs', 'oneOf']) {
        const value = record[key];
        if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${pointer}/${key}/${i}`));
        else if (key === '$defs' && value)
          for (const [name, def] of Object.entries(value)) walk(def, `${pointer}/$defs/${name}`);
        else walk(value, `${pointer}/${key}`);
      }
    };
    for (const file of ['partner', 'site', 'home-profile']) {
      walk(JSON.parse(readFileSync(`${root}schemas/${file}.schema.json`, 'utf8')), file);
    }
    expect(missing).toEqual([]);
  });
});
