/**
 * Generates TypeScript types from the JSON Schemas in schemas/, the single source of truth for
 * every configuration shape. Run `npm run schemas:types` after editing a schema; a unit test fails
 * when the committed output is stale.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';
import { assembledSchemaText } from '../src/config/node/assemblePartnerSchema.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export const generatedTypeFiles = [
  { schema: 'schemas/partner.schema.json', output: 'src/config/generated/partner.ts' },
  { schema: 'schemas/site.schema.json', output: 'src/config/generated/site.ts' },
  { schema: 'schemas/home-profile.schema.json', output: 'src/config/generated/home-profile.ts' },
  { schema: 'schemas/budgets.schema.json', output: 'src/config/generated/budgets.ts' },
] as const;

const banner = (schema: string) =>
  `/* eslint-disable */\n/**\n * GENERATED from ${schema} by tools/generate-types.ts. Do not edit: change the schema and run\n * \`npm run schemas:types\`.\n */`;

/**
 * A setting's `title` is its label for people (the studio's forms); type names come from the
 * titles of the schema and of its definitions. json-schema-to-typescript names a type after any
 * title, so the partner schema's setting titles are left out of what it compiles.
 */
export function withoutSettingTitles(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSettingTitles);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'properties' && typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value).map(([name, setting]) => {
              const rest = { ...(withoutSettingTitles(setting) as JSONSchema) };
              delete rest.title;
              return [name, rest];
            }),
          )
        : withoutSettingTitles(value),
    ]),
  );
}

export async function renderTypes(schemaPath: string): Promise<string> {
  const schema = JSON.parse(await readFile(root + schemaPath, 'utf8')) as JSONSchema;
  // The partner schema's setting titles are the studio's labels (the other schemas name types).
  const compiled =
    schemaPath === 'schemas/partner.schema.json' ? withoutSettingTitles(schema) : schema;
  const ts = await compile(compiled as JSONSchema, String(schema.title), {
    bannerComment: banner(schemaPath),
    additionalProperties: false,
    format: false,
    maxItems: -1,
    cwd: root + 'schemas',
  });
  const options = (await prettier.resolveConfig(root + 'src/config/generated/x.ts')) ?? {};
  return prettier.format(ts, { ...options, parser: 'typescript' });
}

/**
 * The API contract (schemas/api/*.schema.json) becomes one module for the browser and the server:
 * a type per schema (named by its title) and, for each string enum, the list of its values (so the
 * server's route checks, the status bodies and the browser's status table iterate the same list).
 */
export const apiContract = { dir: 'schemas/api', output: 'src/services/generated/api.ts' } as const;

/** ORDER_STATUSES for OrderStatus, ERROR_CODES for ErrorCode. */
export function enumConstantName(title: string): string {
  const words = title.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  return words.endsWith('S') ? `${words}ES` : `${words}S`;
}

export async function apiSchemaFiles(): Promise<string[]> {
  return (await readdir(root + apiContract.dir)).filter((f) => f.endsWith('.schema.json')).sort();
}

export async function renderApiTypes(): Promise<string> {
  const files = await apiSchemaFiles();
  const schemas = await Promise.all(
    files.map(async (file) => ({
      file,
      schema: JSON.parse(await readFile(`${root}${apiContract.dir}/${file}`, 'utf8')) as JSONSchema,
    })),
  );
  // One root naming every file, so each type is declared once however many schemas refer to it.
  const contract: JSONSchema = {
    title: 'ApiContract',
    description: 'Every schema of the API contract, by file name.',
    type: 'object',
    properties: Object.fromEntries(files.map((file) => [file, { $ref: file }])),
    additionalProperties: false,
  };
  const types = await compile(contract, 'ApiContract', {
    bannerComment: banner(`${apiContract.dir}/*.schema.json`),
    additionalProperties: false,
    format: false,
    maxItems: -1,
    cwd: `${root}${apiContract.dir}`,
  });
  const constants = schemas
    .filter(({ schema }) => schema.type === 'string' && Array.isArray(schema.enum))
    .map(({ file, schema }) => {
      const title = String(schema.title);
      return `\n/** The values of ${title} (${apiContract.dir}/${file}). */\nexport const ${enumConstantName(title)} = ${JSON.stringify(schema.enum)} as const satisfies readonly ${title}[];\n`;
    });
  const options = (await prettier.resolveConfig(root + apiContract.output)) ?? {};
  return prettier.format(types + constants.join(''), { ...options, parser: 'typescript' });
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
  await mkdir(dirname(root + apiContract.output), { recursive: true });
  await writeFile(root + apiContract.output, await renderApiTypes());
  console.log(`wrote ${apiContract.output}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
