import type { Block } from './generated/partner.ts';

/**
 * A block's placement and its own checks, declared as data in its props schema
 * (src/blocks/<Block>/<type>.schema.json) and read here from the assembled partner schema's
 * definitions. The checker (src/config/node) and the studio read them this way, so a block folder
 * brings its rules with it and nothing below src/blocks imports a block. The annotations:
 *
 * - "x-placement": { "notOn": [page keys], "because": "the sentence" } on the props schema: the
 *   pages the block may not go on, and why.
 * - "x-oncePerPage": "footer" on the props schema: a page has at most one such block; the word
 *   names the block in the sentence ("this page already has a footer").
 * - "x-uniqueBy": { "property": "id", "itemName": "testimonial" } on a list: no two items share
 *   that property ("another testimonial already uses the id ...").
 * - "x-textOn": "the main text color on this badge color" on a color: the partner's main text
 *   is drawn on it, so it must be readable (the sentence names the pair).
 * - "x-sameInEveryLanguage": true on a text: it is not translated (a person's name, a campaign
 *   id), so a partner's "translations" need not give it (src/config/translations.ts).
 *
 * A block's buttons are found by their shared definition (`$ref` "blockAction"), with no
 * annotation.
 */
export const blockAnnotationKeywords = [
  'x-placement',
  'x-oncePerPage',
  'x-uniqueBy',
  'x-textOn',
  'x-sameInEveryLanguage',
] as const;

export interface SchemaNode {
  $ref?: string;
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  'x-placement'?: { notOn: string[]; because: string };
  'x-oncePerPage'?: string;
  'x-uniqueBy'?: { property: string; itemName: string };
  'x-textOn'?: string;
}

/** The assembled schema's $defs (schemas/partner.schema.json), or a fixture's. */
export type SchemaDefs = Record<string, unknown>;

const propsOf = (defs: SchemaDefs, type: string) => defs[`${type}Props`] as SchemaNode | undefined;

/**
 * Why a block of this type may not be placed on the page with this key ("landing", "claimOffer"
 * or a campaign page's key), or undefined when it may.
 */
export function placementRefusalIn(
  defs: SchemaDefs,
  type: string,
  pageKey: string,
): string | undefined {
  const placement = propsOf(defs, type)?.['x-placement'];
  return placement?.notOn.includes(pageKey) ? placement.because : undefined;
}

/** The word that names a block a page may hold only once ("footer"), or undefined. */
export function oncePerPageName(defs: SchemaDefs, type: string): string | undefined {
  return propsOf(defs, type)?.['x-oncePerPage'];
}

/** A problem of one section: its pointer below the section, and the sentence. */
export type BlockFinding = [pointer: string, message: string];

/** One value of a section's props, with the schema it was written against. */
export interface PropValue {
  /** Below the section: "/props/button/action". */
  pointer: string;
  value: unknown;
  /** The property's schema as written (its own $ref, its annotations). */
  schema: SchemaNode;
}

/** Every value of the section's props (the props themselves first), each with its schema. */
export function propValues(defs: SchemaDefs, section: Block): PropValue[] {
  const found: PropValue[] = [];
  const resolve = (node: SchemaNode): SchemaNode => {
    if (!node.$ref) return node;
    const target = (defs[node.$ref.replace('#/$defs/', '')] ?? {}) as SchemaNode;
    // The referring schema's own keywords win, as in JSON Schema 2020-12.
    return { ...resolve(target), ...node, $ref: undefined };
  };
  const walk = (schema: SchemaNode, value: unknown, pointer: string) => {
    found.push({ pointer, value, schema });
    const node = resolve(schema);
    const items = node.items;
    if (Array.isArray(value)) {
      if (items) value.forEach((item: unknown, index) => walk(items, item, `${pointer}/${index}`));
    } else if (value && typeof value === 'object' && node.properties) {
      for (const [key, child] of Object.entries(value)) {
        const property = node.properties[key];
        if (property) walk(property, child, `${pointer}/${key}`);
      }
    }
  };
  const props = propsOf(defs, section.type);
  if (props) walk(props, section.props, '/props');
  return found;
}

/** The items of the section's lists marked "x-uniqueBy" that repeat an earlier item's value. */
export function repeatedItems(defs: SchemaDefs, section: Block): BlockFinding[] {
  return propValues(defs, section).flatMap(({ pointer, value, schema }) => {
    const unique = schema['x-uniqueBy'];
    if (!unique || !Array.isArray(value)) return [];
    const seen = new Set<unknown>();
    return value.flatMap((item: unknown, index): BlockFinding[] => {
      if (!item || typeof item !== 'object') return [];
      const key = (item as Record<string, unknown>)[unique.property];
      const repeated = seen.has(key);
      seen.add(key);
      return repeated
        ? [
            [
              `${pointer}/${index}/${unique.property}`,
              `another ${unique.itemName} already uses the ${unique.property} ${JSON.stringify(key)}`,
            ],
          ]
        : [];
    });
  });
}

/** The section's values written against this shared definition ("blockAction": its buttons). */
export function valuesOfDefinition(
  defs: SchemaDefs,
  section: Block,
  definition: string,
): PropValue[] {
  return propValues(defs, section).filter(
    ({ schema, value }) => schema.$ref === `#/$defs/${definition}` && value !== undefined,
  );
}

/**
 * The section's colors that the partner's main text is drawn on ("x-textOn" on a color property,
 * naming the pair in the sentence: "the main text color on this badge color").
 */
export function textBackgrounds(defs: SchemaDefs, section: Block): [PropValue, string][] {
  return propValues(defs, section).flatMap((found): [PropValue, string][] => {
    const what = found.schema['x-textOn'];
    return what && typeof found.value === 'string' ? [[found, what]] : [];
  });
}
