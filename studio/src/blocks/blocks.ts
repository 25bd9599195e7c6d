import type { Json, JsonObject } from '../schema/schema.ts';
import { blockSchema, sampleFor } from '../schema/schema.ts';

/**
 * Pure edits of a partner's pages: every block operation returns a new partner object, so the
 * editor keeps one immutable draft and each change is one step (and easy to test).
 */
export interface Section {
  id: string;
  type: string;
  props: JsonObject;
}

export interface PageData {
  slug?: string;
  title?: string;
  description?: string;
  /** Only for extra campaign pages: when the page is live. */
  schedule?: { start?: string; end?: string };
  sections: Section[];
}

export const pagesOf = (partner: JsonObject) =>
  (partner.pages ?? {}) as unknown as Record<string, PageData>;

export function sectionsOf(partner: JsonObject, pageKey: string): Section[] {
  return pagesOf(partner)[pageKey]?.sections ?? [];
}

export function withSections(
  partner: JsonObject,
  pageKey: string,
  sections: Section[],
): JsonObject {
  const pages = pagesOf(partner);
  const page = pages[pageKey] ?? { sections: [] };
  return {
    ...partner,
    pages: { ...pages, [pageKey]: { ...page, sections } } as unknown as Json,
  };
}

/** A section id not yet used on the page: "faq", then "faq-2", "faq-3"... */
export function freeSectionId(sections: readonly Section[], base: string): string {
  const stem =
    base
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/-\d+$/, '') || 'section';
  const used = new Set(sections.map((section) => section.id));
  if (!used.has(stem)) return stem;
  let n = 2;
  while (used.has(`${stem}-${n}`)) n++;
  return `${stem}-${n}`;
}

export function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * A new block of this type, its required settings filled with placeholders to replace. Its id is
 * free in `taken` (by default the page's blocks; a variant's list passes its own and the page's,
 * so a new block never shares an id, and so a place, with another block of the control).
 */
export function newSection(
  partner: JsonObject,
  pageKey: string,
  type: string,
  taken: readonly Section[] = sectionsOf(partner, pageKey),
): Section {
  const branding = (partner.branding ?? {}) as JsonObject;
  const theme = (partner.theme ?? {}) as JsonObject;
  const props = sampleFor(blockSchema(type), type, {
    picture: String(branding.logoSrc ?? '/favicon.svg'),
    color: String(theme.tintColor ?? '#FFFFFF'),
  }) as JsonObject;
  return { id: freeSectionId(taken, type), type, props };
}

/*
 * The same edits on a list of blocks, wherever it is kept (a page's, or a variant's own list):
 * each returns a new list.
 */

/** Adds the block at the end of the list, above the footer when the list ends with one. */
export function withAdded(sections: readonly Section[], section: Section): Section[] {
  const at =
    sections.length > 0 && sections[sections.length - 1]?.type === 'footer'
      ? sections.length - 1
      : sections.length;
  return [...sections.slice(0, at), section, ...sections.slice(at)];
}

/** A deep copy of the block just under it, named with an id free in the list and in `taken`. */
export function withDuplicate(
  sections: readonly Section[],
  index: number,
  taken: readonly Section[] = [],
): Section[] {
  const original = sections[index];
  if (!original) return [...sections];
  const copy: Section = {
    ...structuredClone(original),
    id: freeSectionId([...sections, ...taken], original.id),
  };
  return [...sections.slice(0, index + 1), copy, ...sections.slice(index + 1)];
}

export const withRemoved = (sections: readonly Section[], index: number): Section[] =>
  sections.filter((_, at) => at !== index);

export const withChanged = (
  sections: readonly Section[],
  index: number,
  change: Partial<Section>,
): Section[] => sections.map((section, at) => (at === index ? { ...section, ...change } : section));

/** Adds the block at the end of the page, above the footer when the page ends with one. */
/** An extra campaign page, started from the landing page's first block and its footer. */
export function addPage(
  partner: JsonObject,
  key: string,
  page: { slug: string; title: string; description: string },
): JsonObject {
  const landing = sectionsOf(partner, 'landing');
  const sections = [landing[0], landing.find((section) => section.type === 'footer')]
    .filter((section): section is Section => section !== undefined)
    .map((section) => structuredClone(section));
  return {
    ...partner,
    pages: { ...pagesOf(partner), [key]: { ...page, sections } } as unknown as Json,
  };
}

export function removePage(partner: JsonObject, key: string): JsonObject {
  const pages = Object.fromEntries(Object.entries(pagesOf(partner)).filter(([k]) => k !== key));
  return { ...partner, pages: pages as unknown as Json };
}

export function updatePage(
  partner: JsonObject,
  key: string,
  change: Partial<PageData>,
): JsonObject {
  const pages = pagesOf(partner);
  const page = pages[key];
  if (!page) return partner;
  return { ...partner, pages: { ...pages, [key]: { ...page, ...change } } as unknown as Json };
}
