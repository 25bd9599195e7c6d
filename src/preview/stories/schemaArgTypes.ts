import type { ArgTypes, InputType } from 'storybook/internal/types';
import partnerSchema from '../../../schemas/partner.schema.json';

/**
 * Storybook Controls for one block, generated from its props schema (src/blocks/<Block>/
 * <type>.schema.json, as assembled into schemas/partner.schema.json): one control per prop, with
 * the schema's description as its help, so a prop added to a schema gets its control with no code
 * change. A designer changes a prop in the Controls panel and sees that block, for the partner
 * chosen in the toolbar (or the partner the story belongs to), without editing a partner file.
 */
export interface PropSchema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  description?: string;
  properties?: Record<string, PropSchema>;
  oneOf?: PropSchema[];
  anyOf?: PropSchema[];
}

export type SchemaDefs = Record<string, PropSchema>;

const partnerDefs = partnerSchema.$defs as unknown as SchemaDefs;

/** A string written as # and six hexadecimal digits (the schema's `color`, or a prop of its own). */
const colourPattern = '^#[0-9A-Fa-f]{6}$';

const resolve = (schema: PropSchema, defs: SchemaDefs): PropSchema => {
  if (!schema.$ref) return schema;
  const target = defs[schema.$ref.replace('#/$defs/', '')] ?? {};
  // The prop's own keywords (its description, a tighter maxLength) win over the shared type's.
  return { ...resolve(target, defs), ...schema, $ref: schema.$ref };
};

/** The control that edits a value of this (resolved) schema. */
function controlFor(schema: PropSchema, defs: SchemaDefs): InputType['control'] {
  const branches = (schema.oneOf ?? schema.anyOf ?? []).map((branch) => resolve(branch, defs));
  if (schema.pattern === colourPattern) return { type: 'color' };
  if (schema.enum) return { type: 'select' };
  switch (schema.type) {
    case 'integer':
    case 'number':
      return {
        type: 'number',
        ...(schema.minimum !== undefined && { min: schema.minimum }),
        ...(schema.maximum !== undefined && { max: schema.maximum }),
        ...(schema.type === 'integer' && { step: 1 }),
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'array':
    case 'object':
      return { type: 'object' };
    case 'string':
      return { type: 'text' };
  }
  // A choice of shapes, such as a block's button action ({ scrollToForm } or { page }).
  if (branches.some((branch) => branch.type === 'object' || branch.type === 'array'))
    return { type: 'object' };
  return { type: 'text' };
}

/** The arg name of a block prop: prefixed, so it never collides with the story's own args. */
export const propArg = (name: string): `prop:${string}` => `prop:${name}`;

/** The Controls of a props schema (`defs` resolves its $refs). */
export function argTypesFromSchema(
  props: PropSchema,
  defs: SchemaDefs,
  category = 'block props (from its schema)',
): ArgTypes {
  return Object.fromEntries(
    Object.entries(props.properties ?? {}).map(([name, raw]) => {
      const schema = resolve(raw, defs);
      return [
        propArg(name),
        {
          name,
          description: raw.description ?? schema.description,
          control: controlFor(schema, defs),
          ...(schema.enum && { options: schema.enum }),
          table: { category },
        },
      ];
    }),
  );
}

/** The Controls of a block type ("hero", "faq"...), from its props schema. */
export function blockArgTypes(type: string, defs: SchemaDefs = partnerDefs): ArgTypes {
  return argTypesFromSchema(defs[`${type}Props`] ?? {}, defs, `${type} props (from its schema)`);
}

/** A block's props as story args: the Controls' starting values. */
export function propArgs(props: object): Record<`prop:${string}`, unknown> {
  return Object.fromEntries(Object.entries(props).map(([name, value]) => [propArg(name), value]));
}

/** The block props a story's args override (the controls the designer touched). */
export function propOverrides(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args)
      .filter(([key, value]) => key.startsWith('prop:') && value !== undefined)
      .map(([key, value]) => [key.slice('prop:'.length), value]),
  );
}
