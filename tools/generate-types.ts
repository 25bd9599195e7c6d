/**
 * Generates TypeScript types from the JSON Schemas in schemas/, the single source of truth for
 * every configuration shape. Run `npm run schemas:types` after editing a schema; a unit test fails
 * when the committed output is stale.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';
import { assembledSchemaText } from '../src/config/node/assemblePartnerSchema.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export const generatedTypeFiles = [
  { schema: 'schemas/partner.schema.json', output: 'src/config/generated/partner.ts' },
  { schema: 'schemas/site.schema.json', output: 'src/config/generated/site.ts' },
  { schema: 'schemas/home-profile.schema.json', output: 'src/config/generated/home-profile.ts' },
] as const;

const banner = (schema: string) =>
  `/* eslint-disable */\n/**\n * GENERATED from ${schema} by tools/generate-types.ts. Do not edit: change the schema and run\n * \`npm run schemas:types\`.\n */`;

export async function renderTypes(schemaPath: string): Promise<string> {
  const schema = JSON.parse(await readFile(root + schemaPath, 'utf8')) as JSONSchema;
  const ts = await compile(schema, String(schema.title), {
    bannerComment: banner(schemaPath),
    additionalProperties: false,
    format: false,
    maxItems: -1,
    cwd: root + 'schemas',
  });
  const options = (await prettier.resolveConfig(root + 'src/config/generated/x.ts')) ?? {};
  return prettier.format(ts, { ...options, parser: 'typescript' });
}

async function main(): Promise<void> {
  const assembled = await prettier.format(assembledSchemaText(root), {
    ...((await prettier.resolveConfig(root + 'schemas/partner.schema.json')) ?? {}),
    parser: 'json',
  });
  await writeFile(root + 'schemas/partner.schema.json', assembled);
  console.log('wrote schemas/partner.schema.json');
  for (const { schema, output } of generatedTypeFiles) {
    await writeFile(root + output, await renderTypes(schema));
    console.log(`wrote ${output}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
