import partnerSchema from '../../../../schemas/partner.schema.json' with { type: 'json' };
import {
  hasMarkerCharacters,
  hasPlaceholder,
  parseText,
  type PlaceholderError,
} from '../../dynamicText.ts';
import type { PartnerConfig, Block } from '../../generated/partner.ts';
import type { Problem } from './problem.ts';

/**
 * URL-driven copy (src/config/dynamicText.ts) in a partner file: a placeholder is well formed
 * ({{name | "default"}}, a parameter name the address can carry, a default that is not empty),
 * and sits in a plain text setting of a block (a block's props, on a page or in a variant): only
 * those are filled from the visitor's address, as text. Settings holding HTML, pictures, the
 * page's title and description and the partner-wide settings are the same for every visitor, so a
 * placeholder there would show as written.
 */
interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

const defs = partnerSchema.$defs as unknown as Record<string, SchemaNode>;
const textRef = '#/$defs/text';
const example = '{{utm_term | "home"}}';

const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every string in a value, with its JSON pointer and its path below the value. */
function eachString(
  value: unknown,
  at: string,
  visit: (text: string, pointer: string, path: string[]) => void,
  path: string[] = [],
): void {
  if (typeof value === 'string') visit(value, at, path);
  else if (Array.isArray(value))
    value.forEach((item, index) =>
      eachString(item, `${at}/${index}`, visit, [...path, String(index)]),
    );
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      eachString(item, `${at}/${pointerToken(key)}`, visit, [...path, key]);
}

/** Each block's props in the file: on a page, in a variant's own sections, in its overrides. */
function blockProps(config: PartnerConfig): { at: string; type: Block['type']; props: unknown }[] {
  const found: { at: string; type: Block['type']; props: unknown }[] = [];
  for (const [name, page] of Object.entries(config.pages)) {
    const at = `/pages/${pointerToken(name)}`;
    page.sections.forEach((section, index) =>
      found.push({ at: `${at}/sections/${index}/props`, type: section.type, props: section.props }),
    );
    page.experiment?.variants.forEach((variant, index) => {
      const vat = `${at}/experiment/variants/${index}`;
      variant.sections?.forEach((section, position) =>
        found.push({
          at: `${vat}/sections/${position}/props`,
          type: section.type,
          props: section.props,
        }),
      );
      for (const [id, props] of Object.entries(variant.overrides ?? {})) {
        const type = page.sections.find((section) => section.id === id)?.type;
        if (type) found.push({ at: `${vat}/overrides/${pointerToken(id)}`, type, props });
      }
    });
  }
  return found;
}

/** Whether the setting at `path` of a block's props is plain text (the schema's "text"). */
function isTextSetting(type: string, path: readonly string[]): boolean {
  let node: SchemaNode | undefined = defs[`${type}Props`];
  for (const key of path) {
    while (node?.$ref && !node.properties && !node.items)
      node = defs[node.$ref.replace('#/$defs/', '')];
    node = node?.properties?.[key] ?? (/^\d+$/.test(key) ? node?.items : undefined);
    if (!node) return false;
  }
  return node?.$ref === textRef;
}

function describe(error: PlaceholderError): string {
  if (error.kind === 'unclosed')
    return `this text opens a placeholder with "{{" but never closes it with "}}"; write it whole, such as ${example}`;
  const { source, name } = error;
  switch (error.kind) {
    case 'badName':
      return name === ''
        ? `${source} names no address parameter; write it such as ${example}`
        : `"${name}" in ${source} cannot be an address parameter's name; use lower-case letters, digits and underscores only (at most 40), such as utm_term`;
    case 'noDefault':
      return `${source} has no default, so visitors whose address has no ${name} would see nothing there; add the text they see instead, such as {{${name} | "home"}}`;
    case 'badDefault':
      return `the default in ${source} must be plain text in double quotes (no quotes, backslashes or braces inside it), such as {{${name} | "home"}}`;
    case 'emptyDefault':
      return `the default in ${source} is empty, so visitors whose address has no ${name} would see nothing there; write the text they see instead`;
  }
}

/** The first placeholder of a text as written, to quote it. */
function firstPlaceholder(text: string): string {
  const open = text.indexOf('{{');
  const close = text.indexOf('}}', open);
  return close < 0 ? text.slice(open, open + 40) : text.slice(open, close + 2);
}

export function dynamicTextProblems({
  file,
  config,
}: {
  file: string;
  config: PartnerConfig;
}): Problem[] {
  const found: [string, string][] = [];
  const inBlocks = new Set<string>();
  for (const { at, type, props } of blockProps(config)) {
    eachString(props, at, (text, pointer, path) => {
      inBlocks.add(pointer);
      if (!hasPlaceholder(text)) return;
      if (!isTextSetting(type, path)) {
        const key = path[path.length - 1] ?? '';
        found.push([
          pointer,
          `a placeholder (${firstPlaceholder(text)}) only works in a plain text setting of a block, and "${key}" ${key.endsWith('Html') ? 'holds HTML' : 'is not plain text'}; write the text itself`,
        ]);
        return;
      }
      for (const error of parseText(text).errors) found.push([pointer, describe(error)]);
    });
  }
  eachString(config, '', (text, pointer) => {
    if (hasMarkerCharacters(text)) {
      found.push([
        pointer,
        'this text holds a private-use character (U+E000 to U+E002) that the site uses to mark placeholders; remove it',
      ]);
    }
    if (hasPlaceholder(text) && !inBlocks.has(pointer)) {
      found.push([
        pointer,
        `a placeholder (${firstPlaceholder(text)}) only works in the text of a block on a page; this setting is the same for every visitor, so write the text itself`,
      ]);
    }
  });
  return found.map(([pointer, message]) => ({ file, pointer, message }));
}
