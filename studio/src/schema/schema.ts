import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import partnerSchema from '../../../schemas/partner.schema.json';
import { placementRefusal } from '../../../src/config/blockPlacement.ts';
import { registeredBlockTypes } from '../../../src/blocks/registry.ts';
import type { Json, JsonObject } from './json.ts';
import type { BlockType } from './partnerTypes.ts';

/**
 * Everything the studio knows about the partner file comes from the assembled schema
 * (schemas/partner.schema.json, built from the base schema and each block folder's props schema):
 * the settings form, the block library, each block's form and its help texts. A new block folder
 * therefore appears in the studio once `npm run schemas:types` has assembled it.
 */
export type { Json, JsonObject };

interface AssembledSchema extends RJSFSchema {
  $defs: Record<string, RJSFSchema>;
  properties: Record<string, RJSFSchema>;
  required: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the JSON import has the parts the studio reads (JSON imports are typed loosely). */
const isAssembled = (value: unknown): value is AssembledSchema =>
  isRecord(value) &&
  isRecord(value.$defs) &&
  isRecord(value.properties) &&
  Array.isArray(value.required) &&
  value.required.every((key) => typeof key === 'string');

function assembledSchema(value: unknown): AssembledSchema {
  if (isAssembled(value)) return value;
  throw new Error('schemas/partner.schema.json is not assembled: run npm run schemas:types.');
}

const assembled = assembledSchema(partnerSchema);
/** The schema's shared definitions (`#/$defs/...`). */
export const defs = assembled.$defs;

/** The section types of the schema, in its order ("hero", "howItWorks", ...). */
const schemaBlockTypes: string[] = (defs.block?.oneOf ?? []).flatMap((branch) =>
  typeof branch === 'object' && branch.$ref
    ? [branch.$ref.replace('#/$defs/', '').replace(/Block$/, '')]
    : [],
);
const knownBlockTypes: ReadonlySet<string> = new Set(schemaBlockTypes);

/** Whether a name is one of the schema's block types (the generated types follow the schema). */
export const isBlockType = (name: string): name is BlockType => knownBlockTypes.has(name);

export const blockTypes: BlockType[] = schemaBlockTypes.filter(isBlockType);

/** Block types a page may get: those with a component that the partner check allows there. */
export function blockTypesFor(pageKey: string): BlockType[] {
  return blockTypes.filter(
    (type) => registeredBlockTypes.includes(type) && placementRefusal(type, pageKey) === undefined,
  );
}

/** "eachAssessment" -> "Each assessment", "desktopBg" -> "Desktop bg". */
export function humanize(name: string): string {
  const words = name
    .replace(/Html$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Developer words in setting names, as a partner manager says them. */
const plainWords: Record<string, string> = {
  src: 'picture',
  bg: 'background',
  cta: 'button',
  cents: 'in cents',
  alt: 'text for screen readers',
};

/**
 * A setting's label: the schema's `title` where it has one, else its name in plain words
 * ("logoSrc" -> "Logo picture", "amountCents" -> "Amount in cents", "desktopBg" -> "Desktop
 * background").
 */
export function fieldLabel(key: string, schema?: { title?: string }): string {
  if (schema?.title) return schema.title;
  const words = humanize(key)
    .split(' ')
    .map((word) => plainWords[word.toLowerCase()] ?? word)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Brand color" -> "brand color"; "FAQ" and "URL" keep their capitals. */
export const lowerFirst = (text: string) =>
  /^[A-Z][^A-Z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

/** What one entry of a list is called: the list's `x-itemName`, else its label in the singular. */
export function itemName(list: SchemaNode, listLabel: string): string {
  const named = (resolve(list) as SchemaNode & { 'x-itemName'?: unknown })['x-itemName'];
  if (typeof named === 'string') return named;
  return lowerFirst(listLabel).replace(/s$/, '');
}

export function blockDescription(type: string): string {
  return String(defs[`${type}Props`]?.description ?? '');
}

/** The props schema of one block, with the shared definitions its $refs point at. */
export function blockSchema(type: string): RJSFSchema {
  const props: RJSFSchema = (defs[`${type}Props`] as RJSFSchema | undefined) ?? { type: 'object' };
  return { ...props, $defs: defs };
}

const settingsKeys = Object.keys(assembled.properties).filter(
  (key) => !['$schema', 'schemaVersion', 'pages'].includes(key),
);

/** The partner-wide settings: everything but the pages and the file's format fields. */
export const settingsSchema: RJSFSchema = {
  type: 'object',
  required: assembled.required.filter((key) => settingsKeys.includes(key)),
  properties: Object.fromEntries(settingsKeys.map((key) => [key, assembled.properties[key] ?? {}])),
  $defs: defs,
};

/** Some properties of one of the schema's definitions, as a form of their own. */
function partOf(def: string, keys: string[], required: string[]): RJSFSchema {
  return {
    type: 'object',
    required,
    properties: Object.fromEntries(
      keys.map((key) => [key, defs[def]?.properties?.[key] as RJSFSchema]),
    ),
    $defs: defs,
  };
}

/** An extra campaign page's own settings (address, title, description, when it is live). */
export const pageSettingsSchema = partOf(
  'page',
  ['slug', 'title', 'description', 'schedule'],
  ['slug', 'title', 'description'],
);

/** A variant's own settings; its blocks are edited beside them, block by block. */
export const variantSettingsSchema = partOf(
  'variant',
  ['id', 'weight', 'note', 'schedule'],
  ['id', 'weight'],
);

/** The experiment's one setting of its own: the control's weight. */
export const controlWeightSchema = partOf('experiment', ['controlWeight'], []);

export type SchemaNode = RJSFSchema & { $ref?: string };

/** A schema with its $ref followed (the referring schema's own keywords win, as in 2020-12). */
export function resolve(schema: SchemaNode): SchemaNode {
  if (!schema.$ref) return schema;
  const target = defs[schema.$ref.replace('#/$defs/', '')] ?? {};
  const { $ref, ...rest } = schema;
  return { ...resolve(target as SchemaNode), ...rest, $ref };
}

/**
 * The uiSchema for a schema: every description becomes the field's help text (read before typing),
 * labels are written for people, colours and pictures get their own widgets, long texts a
 * text area.
 */
export function uiSchemaFor(schema: RJSFSchema, depth = 0): UiSchema {
  const node = resolve(schema as SchemaNode);
  const ui: UiSchema = {};
  if (depth > 8) return ui;
  // The choice between a setting's shapes is named by each shape's description, not its title
  // (a type name such as "PageLinkAction").
  if (Array.isArray(node.oneOf))
    ui.oneOf = node.oneOf.map((branch) => {
      const words = typeof branch === 'object' ? resolve(branch as SchemaNode).description : '';
      return words ? { 'ui:title': words } : {};
    });
  if (node.type === 'object' && node.properties) {
    for (const [key, child] of Object.entries(node.properties)) {
      if (typeof child !== 'object') continue;
      const resolved = resolve(child as SchemaNode);
      // The label is the setting's own title, never its definition's (a type name).
      const label = fieldLabel(key, child as SchemaNode);
      const childUi: UiSchema = {
        ...uiSchemaFor(child as RJSFSchema, depth + 1),
        'ui:title': label,
      };
      // A list's entries are named "Question 2" (templates.tsx).
      if (resolved.type === 'array') {
        const name = itemName(resolved, label);
        childUi.items = {
          ...(childUi.items as UiSchema),
          'ui:itemName': name.charAt(0).toUpperCase() + name.slice(1),
        };
      }
      // Lists and checkboxes show their description in their own heading block (rjsf's array template).
      if (resolved.description && resolved.type !== 'array' && resolved.type !== 'boolean')
        childUi['ui:help'] = helpWords(resolved.description);
      if ((child as SchemaNode).$ref === '#/$defs/color' || resolved.$ref === '#/$defs/color')
        childUi['ui:widget'] = 'ColorWidget';
      else if ((child as SchemaNode).$ref === '#/$defs/asset' || resolved.$ref === '#/$defs/asset')
        childUi['ui:widget'] = 'AssetWidget';
      else if (
        (child as SchemaNode).$ref === '#/$defs/isoTime' ||
        resolved.$ref === '#/$defs/isoTime'
      )
        childUi['ui:widget'] = 'ZonedTimeWidget';
      else if (
        resolved.type === 'string' &&
        !resolved.enum &&
        (key.endsWith('Html') ||
          (typeof resolved.maxLength === 'number' && resolved.maxLength > 160))
      )
        childUi['ui:widget'] = 'textarea';
      ui[key] = childUi;
    }
  }
  if (node.type === 'array' && node.items && typeof node.items === 'object') {
    const items = node.items as RJSFSchema;
    const resolvedItems = resolve(items as SchemaNode);
    const itemUi = uiSchemaFor(items, depth + 1);
    if (resolvedItems.type === 'string' && resolvedItems.description)
      itemUi['ui:help'] = resolvedItems.description;
    if ((items as SchemaNode).$ref === '#/$defs/asset') itemUi['ui:widget'] = 'AssetWidget';
    ui.items = itemUi;
  }
  return ui;
}

/**
 * A setting's description as the studio's help: the schema lists the HTML tags a text may hold
 * for those who write the file; a partner manager reads what they are for.
 */
const formatting =
  'paragraphs, lists, bold and italic words, line breaks and links, written as web page tags such as <strong>these words in bold</strong>';
export const helpWords = (description: string) =>
  description
    .replace(/simple HTML is allowed too \([^)]*\)/, `simple formatting is kept too: ${formatting}`)
    .replace(
      /^Text that may contain simple HTML: [^.]*\./,
      `Text that may keep simple formatting: ${formatting}.`,
    )
    .replace(/Simple HTML is allowed: [^.]*\./, `Simple formatting is kept: ${formatting}.`);

/** A value that satisfies the schema's required parts, so a new block starts close to valid. */
export function sampleFor(schema: RJSFSchema, name = 'text', context: SampleContext): Json {
  const node = resolve(schema as SchemaNode);
  if (node.$ref === '#/$defs/asset') return context.picture;
  if (node.$ref === '#/$defs/color') return context.color;
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0] ?? '';
  switch (node.type) {
    case 'object': {
      const result: JsonObject = {};
      for (const key of node.required ?? []) {
        const child = node.properties?.[key];
        if (child && typeof child === 'object') result[key] = sampleFor(child, key, context);
      }
      return result;
    }
    case 'array': {
      const count = Math.max(node.minItems ?? 0, 1);
      const items = (node.items ?? {}) as RJSFSchema;
      return Array.from({ length: count }, (_, index) =>
        sampleFor(items, `${name}-${index + 1}`, context),
      );
    }
    case 'integer':
    case 'number':
      return node.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      if (node.pattern && /\^\[a-z/.test(node.pattern))
        return `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
      return `New ${humanize(name).toLowerCase()}`;
  }
}

export interface SampleContext {
  /** A picture that exists, used until the editor picks the block's own. */
  picture: string;
  color: string;
}

/** "/theme/brandColor" -> ["theme", "brandColor"] (RFC 6901 unescaping). */
export function pointerParts(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .filter((part) => part !== '')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Where in a form a problem's sentence belongs: its path, or for a missing setting (which the
 * checker reports on the object that lacks it, naming the setting in `missing`) the setting's own
 * field, which is there, empty.
 */
export function problemPath(path: string[], problem: { missing?: string }): string[] {
  return problem.missing ? [...path, problem.missing] : path;
}

/** Problems as rjsf's error tree, so each sentence shows under its own field. */
export function errorTree(entries: { path: string[]; message: string }[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { path, message } of entries) {
    let node = root;
    for (const part of path) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const errors = (node.__errors ??= []) as string[];
    errors.push(message);
  }
  return root as ErrorSchema;
}
