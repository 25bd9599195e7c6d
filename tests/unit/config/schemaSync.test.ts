import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import prettier from 'prettier';
import {
  assembledSchemaText,
  readBlockSchemas,
} from '../../../src/config/node/assemblePartnerSchema.ts';
import { blockTypes } from '../../../src/config/node/validation/checkConfig.ts';
import { islandOf, registeredBlockTypes } from '../../../src/blocks/registry.ts';
import { generatedTypeFiles, renderTypes } from '../../../tools/generate-types.ts';

const root = new URL('../../..', import.meta.url).pathname;

describe('one source of truth for each shape', () => {
  it.each(generatedTypeFiles)(
    '$output is what $schema generates (run npm run schemas:types)',
    async ({ schema, output }) => {
      expect(readFileSync(root + output, 'utf8')).toBe(await renderTypes(schema));
    },
  );

  it('schemas/partner.schema.json is what its parts assemble to (run npm run schemas:types)', async () => {
    const committed = readFileSync(`${root}schemas/partner.schema.json`, 'utf8');
    const assembled = await prettier.format(assembledSchemaText(root), {
      ...((await prettier.resolveConfig(`${root}schemas/partner.schema.json`)) ?? {}),
      parser: 'json',
    });
    expect(committed).toBe(assembled);
  });

  it('every block folder has its props schema, and every schema type a component', () => {
    const schemaTypes = readBlockSchemas(root).map((block) => block.type);
    expect([...blockTypes]).toEqual(schemaTypes);
    expect([...registeredBlockTypes].sort()).toEqual([...schemaTypes].sort());
  });

  it('every block folder says in its block.ts whether it is static or interactive', () => {
    const undeclared = registeredBlockTypes.filter(
      (type) => islandOf(type) !== 'static' && islandOf(type) !== 'interactive',
    );
    expect(undeclared).toEqual([]);
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
    for (const file of ['partner', 'site', 'home-profile', 'budgets']) {
      // The partner schema is assembled from its parts; its props' descriptions come from them.
      walk(JSON.parse(readFileSync(`${root}schemas/${file}.schema.json`, 'utf8')), file);
    }
    expect(missing).toEqual([]);
  });
});
