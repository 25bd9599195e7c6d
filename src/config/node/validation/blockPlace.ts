/**
 * Where a problem's block is, in words a partner's onboarding staff find it by: its place in the
 * page, its id and its type, and which page (or which A/B variant of it). A JSON pointer alone
 * names a block by its index (`/pages/landing/sections/2/props/items`), which changes whenever a
 * block is added above it and says nothing to a person reading the file.
 */

const blockPointer = /^\/pages\/([^/]+)\/(?:experiment\/variants\/(\d+)\/)?sections\/(\d+)(?:\/|$)/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function child(value: unknown, key: string | number): unknown {
  if (typeof key === 'number') return Array.isArray(value) ? value[key] : undefined;
  return isRecord(value) ? value[key] : undefined;
}

function pageName(pageKey: string): string {
  if (pageKey === 'landing') return 'the home page';
  if (pageKey === 'claimOffer') return 'the claim-offer page';
  return `the "${pageKey}" page`;
}

/** "block 3, "how-it-works", a "howItWorks" block on the home page", or undefined for another pointer. */
export function blockPlace(file: unknown, pointer: string): string | undefined {
  const match = blockPointer.exec(pointer);
  if (!match) return undefined;
  const [, pageKey = '', variant, index = '0'] = match;
  const page = child(child(file, 'pages'), pageKey);
  const list =
    variant === undefined
      ? child(page, 'sections')
      : child(child(child(child(page, 'experiment'), 'variants'), Number(variant)), 'sections');
  const block = child(list, Number(index));
  const id = child(block, 'id');
  const type = child(block, 'type');
  const where =
    variant === undefined
      ? pageName(pageKey)
      : `A/B variant ${Number(variant) + 1} of ${pageName(pageKey)}`;
  return [
    `block ${Number(index) + 1}`,
    typeof id === 'string' && id !== '' ? `"${id}"` : undefined,
    typeof type === 'string' && type !== ''
      ? `${/^[aeiou]/i.test(type) ? 'an' : 'a'} "${type}" block on ${where}`
      : `on ${where}`,
  ]
    .filter((part) => part !== undefined)
    .join(', ');
}
