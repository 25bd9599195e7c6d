import type { Json } from '../schema/schema.ts';

/**
 * The partner file compared place by place (RFC 6901 JSON pointers): what the undo history
 * coalesces, what the review names and what a merge with a change on disk takes over.
 */
const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

export const pointerOf = (parts: readonly string[]) => parts.map((p) => `/${escape(p)}`).join('');
export const partsOf = (pointer: string) =>
  pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const sameJson = (a: Json | undefined, b: Json | undefined) =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The smallest places that differ: objects key by key, lists item by item when they keep their
 * length (a list that grew, shrank or was reordered differs as a whole), anything else whole.
 */
export function changedPointers(
  before: Json | undefined,
  after: Json | undefined,
  at = '',
): string[] {
  if (before === after) return [];
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) =>
      changedPointers(before[key], after[key], `${at}/${escape(key)}`),
    );
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length)
    return before.flatMap((item, index) => changedPointers(item, after[index], `${at}/${index}`));
  return sameJson(before, after) ? [] : [at];
}

/** The value at a pointer, or undefined where there is none. */
export function valueAt(document: Json | undefined, pointer: string): Json | undefined {
  let node = document;
  for (const part of partsOf(pointer)) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isObject(node)) node = node[part];
    else return undefined;
  }
  return node;
}

/** A copy of the document with the value at a pointer replaced (undefined removes it). */
export function withValueAt(document: Json, pointer: string, value: Json | undefined): Json {
  const [head, ...rest] = partsOf(pointer);
  if (head === undefined) return value ?? null;
  const restPointer = pointerOf(rest);
  if (Array.isArray(document)) {
    const index = Number(head);
    const next = [...document];
    if (rest.length === 0 && value === undefined) next.splice(index, 1);
    else next[index] = withValueAt(document[index] ?? {}, restPointer, value);
    return next;
  }
  const object = isObject(document) ? document : {};
  if (rest.length === 0 && value === undefined) {
    return Object.fromEntries(Object.entries(object).filter(([key]) => key !== head));
  }
  return { ...object, [head]: withValueAt(object[head] ?? {}, restPointer, value) };
}

/** Whether two places overlap: the same, or one inside the other. */
export const overlaps = (a: string, b: string) =>
  a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
