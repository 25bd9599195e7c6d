import { blockTypeName, pageLabel } from '../blocks/labels.ts';
import { blocksOf } from '../blocks/blocks.ts';
import { experimentOf } from '../experiment/experiments.ts';
import {
  blockSchema,
  defs,
  fieldLabel,
  itemName,
  lowerFirst,
  pointerParts,
  resolve,
  settingsSchema,
  type SchemaNode,
} from '../schema/schema.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * A place of the partner file in words, step by step from the outside in: the page, the A/B
 * test's variant, the block, then the settings and list entries inside it ("Question 2 of the
 * FAQ", "Answer"). Read from the schema (labels, `x-itemName` of lists) and the draft (which
 * block a position holds), so a checker problem at a JSON pointer can name its field.
 */
export type Step =
  | { kind: 'page' | 'variant' | 'block'; words: string }
  /** A list entry ("Question 2"), and what the list belongs to ("FAQ", a block when `ofBlock`). */
  | { kind: 'entry'; words: string; of: string | undefined; ofBlock: boolean }
  | { kind: 'field'; words: string; list: boolean };

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export { lowerFirst };

/** The steps of a pointer below a schema: settings by label, list entries by name and position. */
function stepsIn(schema: SchemaNode, parts: readonly string[], owner: string | undefined): Step[] {
  const steps: Step[] = [];
  let node: SchemaNode | undefined = schema;
  let name = owner;
  for (const part of parts) {
    const resolved: SchemaNode | undefined = node ? resolve(node) : undefined;
    const items = resolved?.items;
    if (/^\d+$/.test(part) && resolved && items && typeof items === 'object') {
      // The entry replaces its list's step: "Question 2 of the FAQ", not "FAQ, Items, 2".
      const list = steps.at(-1);
      const listLabel = list?.kind === 'field' ? list.words : 'Items';
      if (list?.kind === 'field') steps.pop();
      const before = steps.at(-1);
      const inGroup = before?.kind === 'field';
      if (inGroup) steps.pop();
      steps.push({
        kind: 'entry',
        words: `${capital(itemName(resolved, listLabel))} ${Number(part) + 1}`,
        of: inGroup ? before.words : name,
        ofBlock: !inGroup && name !== undefined,
      });
      node = items as SchemaNode;
      name = undefined;
      continue;
    }
    const child: SchemaNode | undefined = resolved?.properties?.[part] as SchemaNode | undefined;
    const words = fieldLabel(part, child);
    steps.push({ kind: 'field', words, list: child ? resolve(child).type === 'array' : false });
    node = child;
  }
  return steps;
}

/** A block's steps: the block, then its settings (`rest` starts after the block's position). */
function blockSteps(type: string | undefined, id: string, rest: readonly string[]): Step[] {
  const name = type ? blockTypeName(type) : 'block';
  const block: Step = { kind: 'block', words: `${name} block (${id})` };
  if (rest[0] !== 'props') {
    return rest.length > 0 ? [block, ...stepsIn(blockNode, rest, name)] : [block];
  }
  return [block, ...stepsIn(type ? blockSchema(type) : {}, rest.slice(1), name)];
}

const blockNode: SchemaNode = {
  type: 'object',
  properties: {
    id: { title: 'Block id', type: 'string' },
    type: { title: 'Kind of block', type: 'string' },
  },
};

/** Every step of a pointer of the partner file, in this draft. */
export function placeSteps(pointer: string, partner: PartnerDraft): Step[] {
  const parts = pointerParts(pointer);
  if (parts[0] !== 'pages') return stepsIn(settingsSchema, parts, undefined);
  const pageKey = parts[1];
  if (pageKey === undefined) return [{ kind: 'field', words: 'Pages', list: false }];
  const page: Step = { kind: 'page', words: pageLabel(pageKey, partner) };
  const rest = parts.slice(2);
  if (rest[0] === 'sections' && rest[1] !== undefined) {
    const section = blocksOf(partner, pageKey)[Number(rest[1])];
    return [page, ...blockSteps(section?.type, section?.id ?? rest[1], rest.slice(2))];
  }
  if (rest[0] === 'experiment') {
    const variants = experimentOf(partner, pageKey)?.variants ?? [];
    if (rest[1] !== 'variants' || rest[2] === undefined)
      return [page, ...stepsIn(defs.experiment ?? {}, rest.slice(1), 'A/B test')];
    const variant = variants[Number(rest[2])];
    const named: Step = { kind: 'variant', words: `variant ${variant?.id ?? Number(rest[2]) + 1}` };
    const inner = rest.slice(3);
    if (inner[0] === 'sections' && inner[1] !== undefined) {
      const section = variant?.sections?.[Number(inner[1])];
      return [page, named, ...blockSteps(section?.type, section?.id ?? inner[1], inner.slice(2))];
    }
    if (inner[0] === 'overrides' && inner[1] !== undefined) {
      const section = blocksOf(partner, pageKey).find((found) => found.id === inner[1]);
      const changed = blockSteps(section?.type, inner[1], ['props', ...inner.slice(2)]);
      return [page, named, ...changed];
    }
    return [page, named, ...stepsIn(defs.variant ?? {}, inner, undefined)];
  }
  return [page, ...stepsIn(defs.page ?? {}, rest, undefined)];
}
