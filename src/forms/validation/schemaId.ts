/*
 * The key of a form schema's precompiled validator (tools/vite-plugin-validators.ts compiles one per
 * distinct schema at build time; src/forms/validation/precompiled.ts looks it up in the browser).
 *
 * It is computed from what validation depends on (names, types, enums, required), not from texts
 * such as titles: a partner can reword a label without needing another validator. Pure, and the
 * same in Node and the browser.
 */

const annotationKeys = new Set(['$id', 'title', 'description', 'default', 'examples']);

function structure(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structure);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !annotationKeys.has(key))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, structure(inner)]),
    );
  }
  return value;
}

/** FNV-1a over UTF-16 code units, 32 bits, from a given offset basis. */
function fnv1a(text: string, basis: number): string {
  let hash = basis;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** "v_" and 16 hex digits: a valid JavaScript identifier, as ajv's ESM output needs. */
export function schemaId(schema: object): string {
  const text = JSON.stringify(structure(schema));
  return `v_${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x01234567)}`;
}

/** The schema with its validator key as `$id` (the key the precompiled validator looks up). */
export function withSchemaId<S extends object>(schema: S): S & { $id: string } {
  return { ...schema, $id: schemaId(schema) };
}
