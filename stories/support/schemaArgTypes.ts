import type { ArgTypes } from '@storybook/react-vite';
import partnerSchema from '../../schemas/partner.schema.json';

/**
 * Storybook Controls for one block, generated from its props schema (src/sections/<Block>/
 * <type>.schema.json, as assembled into schemas/partner.schema.json): one control per prop, with
 * the schema's description as its help. A designer changes a prop in the Controls panel and sees
 * that block, for the partner chosen in the toolbar, without editing a partner file. Props left
 * untouched keep the partner's own value.
 */
interface PropSchema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  description?: string;
  properties?: Record<string, PropSchema>;
}

const defs = partnerSchema.$defs as unknown as Record<string, PropSchema>;

const resolve = (schema: PropSchema): PropSchema => {
  if (!schema.$ref) return schema;
  const target = defs[schema.$ref.replace('#/$defs/', '')] ?? {};
  return { ...resolve(target), ...schema, $ref: schema.$ref };
};

/** The arg name of a block prop: prefixed, so it never collides with the story's own args. */
export const propArg = (name: string) => `prop:${name}`;

export function blockArgTypes(type: string): ArgTypes {
  const props = defs[`${type}Props`]?.properties ?? {};
  return Object.fromEntries(
    Object.entries(props).map(([name, raw]) => {
      const schema = resolve(raw);
      const control =
        schema.$ref === '#/$defs/color'
          ? { type: 'color' as const }
          : schema.enum
            ? { type: 'select' as const }
            : schema.type === 'integer' || schema.type === 'number'
              ? { type: 'number' as const }
              : schema.type === 'boolean'
                ? { type: 'boolean' as const }
                : schema.type === 'array' || schema.type === 'object'
                  ? { type: 'object' as const }
                  : { type: 'text' as const };
      return [
        propArg(name),
        {
          name,
          description: raw.description ?? schema.description,
          control,
          ...(schema.enum && { options: schema.enum }),
          table: { category: `${type} props (from its schema)` },
        },
      ];
    }),
  );
}

/** The block props a story's args override (the controls the designer touched). */
export function propOverrides(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args)
      .filter(([key, value]) => key.startsWith('prop:') && value !== undefined)
      .map(([key, value]) => [key.slice('prop:'.length), value]),
  );
}
