import type { Section } from './generated/partner.ts';

/**
 * A block's placement and its own checks, declared as data in its props schema
 * (src/sections/<Block>/<type>.schema.json) and read here from the assembled partner schema's
 * definitions. The checker (src/config/node) and the studio read them this way, so a block folder
 * brings its rules with it and nothing below src/sections imports a block. The annotations:
 *
 * - "x-placement": { "notOn": [page keys], "because": "the sentence" } on the props schema: the
 *   pages the block may not go on, and why.
 * - "x-oncePerPage": "footer" on the props schema: a page has at most one such block; the word
 *   names the block in the sentence ("this page already has a footer").
 * - "x-uniqueBy": { "property": "id", "itemName": "testimonial" } on a list: no two items share
 *   that property ("another testimonial already uses the id ...").
 */
export const blockAnnotationKeywords = ['x-placement', 'x-oncePerPage', 'x-uniqueBy'] as const;

interface SchemaNode {
  $ref?: string;
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  'x-placement'?: { notOn: string[]; because: string };
  'x-oncePerPage'?: string;
  'x-uniqueBy'?: { property: string; itemName: string };
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
export type SectionFinding = [pointer: string, message: string];

/** The items of the section's lists marked "x-uniqueBy" that repeat an earlier item's value. */
export function repeatedItems(defs: SchemaDefs, section: Section): SectionFinding[] {
  const found: SectionFinding[] = [];
  const resolve = (node: SchemaNode): SchemaNode =>
    node.$ref
      ? {
          ...resolve((defs[node.$ref.replace('#/$defs/', '')] ?? {}) as SchemaNode),
          ...node,
          $ref: undefined,
        }
      : node;
  const walk = (raw: SchemaNode, value: unknown, pointer: string) => {
    const node = resolve(raw);
    if (Array.isArray(value)) {
      const unique = node['x-uniqueBy'];
      const seen = new Set<unknown>();
      value.forEach((item: unknown, index) => {
        const at = `${pointer}/${index}`;
        if (unique && item && typeof item === 'object') {
          const key = (item as Record<string, unknown>)[unique.property];
          if (seen.has(key))
            found.push([
              `${at}/${unique.property}`,
              `another ${unique.itemName} already uses the ${unique.property} ${JSON.stringify(key)}`,
            ]);
          seen.add(key);
        }
        if (node.items) walk(node.items, item, at);
      });
    } else if (value && typeof value === 'object' && node.properties) {
      for (const [key, child] of Object.entries(value))
        if (node.properties[key]) walk(node.properties[key], child, `${pointer}/${key}`);
    }
  };
  const props = propsOf(defs, section.type);
  if (props) walk(props, section.props, '/props');
  return found;
}
