/**
 * Made-up partners for measuring scale (`npm run bench`'s scale scenario) and for the visual gate's
 * proof with a partner outside the coverage set (tools/visual/proveGate.ts): copies of a real
 * partner file (demo's) with their own id, name, host and campaign ids, and every piece of copy
 * changed letter by letter, so each copy's text is its own but of the same length (the pages weigh
 * and wrap as the original does). Pictures keep the original's public paths.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Keys whose strings are names the code matches or formats, not copy: they stay as they are.
 * (`name` is a form field's key; the partner's own name is set separately.)
 */
const verbatimKeys = new Set([
  '$schema',
  'id',
  'type',
  'kind',
  'name',
  'inputMode',
  'currency',
  'pattern',
]);

export interface CopyOptions {
  /** 1, 2, 3...: picks the id, the name and the letter shifts. */
  index: number;
  /** The id prefix (default "scale"): ids are <prefix>-001, <prefix>-002... */
  prefix?: string;
  /** Host names of the copy (default one, <id>.partners.example). */
  hosts?: string[];
}

/** The three letter shifts (1-25 each) of copy number `index`; distinct up to 25^3 copies. */
export function shiftsOf(index: number): [number, number, number] {
  return [1 + (index % 25), 1 + (Math.floor(index / 25) % 25), 1 + (Math.floor(index / 625) % 25)];
}

/**
 * Each letter moved along the alphabet (case kept), by the shifts in turn; digits, spaces,
 * punctuation, HTML tags and entities are left alone, so the length and the markup stay.
 */
export function shiftText(text: string, shifts: readonly number[]): string {
  let letter = 0;
  return text.replace(/<[^>]*>|&[#\w]+;|[A-Za-z]/g, (match) => {
    if (match.length > 1) return match;
    const base = match <= 'Z' ? 65 : 97;
    const shift = shifts[letter++ % shifts.length] ?? 1;
    return String.fromCharCode(((match.charCodeAt(0) - base + shift) % 26) + base);
  });
}

function shiftCopy(value: Json, key: string, shifts: readonly number[]): Json {
  // The language codes a partner offers ("en", "es") are names the routes match, not copy.
  if (key === 'languages') return value;
  if (typeof value === 'string') {
    const isPathOrColour = value.startsWith('/') || value.startsWith('#');
    return verbatimKeys.has(key) || isPathOrColour ? value : shiftText(value, shifts);
  }
  if (Array.isArray(value)) return value.map((item) => shiftCopy(item, '', shifts));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftCopy(v, k, shifts)]));
  }
  return value;
}

/** The id of copy number `index`: scale-001, scale-002... */
export const copyId = (index: number, prefix = 'scale') =>
  `${prefix}-${String(index).padStart(3, '0')}`;

/**
 * A copy of `original` (a parsed partner file) as partner number `index`. The name keeps the
 * original's length where it can ("Demo Partner" -> "Partner 0007").
 */
export function partnerCopy(
  original: Record<string, Json>,
  options: CopyOptions,
): Record<string, Json> {
  const id = copyId(options.index, options.prefix);
  const shifts = shiftsOf(options.index);
  const copy = shiftCopy(original, '', shifts) as Record<string, Json>;
  const number = String(options.index);
  const nameLike = (originalName: Json | undefined) =>
    `Partner ${number.padStart(Math.max(1, String(originalName ?? '').length - 8), '0')}`;
  const name = nameLike(original.name);
  const offer = (copy.offer ?? {}) as Record<string, Json>;
  const branding = (copy.branding ?? {}) as Record<string, Json>;
  // Each language's own name and logo description are the copy's name too, of the same length
  // as the original's in that language (issue 37).
  const translations = copy.translations as Record<string, Record<string, Json>> | undefined;
  const named = (texts: Record<string, Json>) => {
    const own = (texts.branding ?? undefined) as Record<string, Json> | undefined;
    const ownName = nameLike(texts.name);
    return {
      ...texts,
      ...('name' in texts ? { name: ownName } : {}),
      ...(own && 'logoAlt' in own ? { branding: { ...own, logoAlt: ownName } } : {}),
    };
  };
  return {
    ...copy,
    ...(translations
      ? {
          translations: Object.fromEntries(
            Object.entries(translations).map(([language, texts]) => [language, named(texts)]),
          ),
        }
      : {}),
    id,
    name,
    hosts: options.hosts ?? [`${id}.partners.example`],
    branding: { ...branding, ...('logoAlt' in branding ? { logoAlt: name } : {}) },
    offer: { ...offer, campaignId: { dev: `${id}-dev`, prod: `${id}-prod` } },
  };
}

/**
 * Writes `count` copies of <partnersDir>/<source>.json into `partnersDir` as <id>.json; returns
 * their ids.
 */
export function writePartnerCopies(
  partnersDir: string,
  count: number,
  options: { source?: string; prefix?: string; hosts?: (id: string) => string[] } = {},
): string[] {
  const source = options.source ?? 'demo';
  const original = JSON.parse(readFileSync(join(partnersDir, `${source}.json`), 'utf8')) as Record<
    string,
    Json
  >;
  return Array.from({ length: count }, (_, offset) => {
    const index = offset + 1;
    const id = copyId(index, options.prefix);
    const copy = partnerCopy(original, {
      index,
      prefix: options.prefix,
      ...(options.hosts ? { hosts: options.hosts(id) } : {}),
    });
    writeFileSync(join(partnersDir, `${id}.json`), `${JSON.stringify(copy, null, 2)}\n`);
    return id;
  });
}
