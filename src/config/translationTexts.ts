import type { PartnerConfig } from './generated/partner.ts';
import type { Language } from '../i18n/languages.ts';
import type { SchemaDefs } from './blockAnnotations.ts';

/**
 * Which texts of a partner file a language's translation must give, and where (issue 37). Read
 * from the assembled schema, so a block folder's schema says which of its props are texts: a
 * setting whose schema is the shared "text" or "html" definition is a text a visitor reads,
 * unless it says "x-sameInEveryLanguage" (a person's name, a campaign id). The partner check
 * (src/config/node/validation/translationRules.ts) and the studio read this list.
 */
export interface TextToTranslate {
  /** The English text's JSON pointer in the file: "/pages/landing/sections/0/props/title". */
  pointer: string;
  /** Where its translation goes: "/translations/es/pages/landing/hero/title". */
  translation: string;
  /**
   * For a variant's text: the page's own translation of the same block and setting, which the
   * page in that language shows when the variant gives none (src/config/translations.ts). Absent
   * when the page has no such block (a block only the variant has): then nothing stands in.
   */
  fallback?: string;
  /** With `fallback`: the page's English text in that place, which the fallback translates. */
  pageText?: string;
}

interface Node {
  $ref?: string;
  properties?: Record<string, Node>;
  items?: Node;
  'x-sameInEveryLanguage'?: boolean;
}

const textRefs = new Set(['#/$defs/text', '#/$defs/html']);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** One JSON pointer segment ("~" and "/" escaped). */
export const segment = (key: string | number) =>
  String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** The pointers (relative to `at`) of every text in `value`, as `node` describes it. */
function textsIn(defs: SchemaDefs, node: Node | undefined, value: unknown, at = ''): string[] {
  if (!node || node['x-sameInEveryLanguage']) return [];
  if (node.$ref !== undefined) {
    if (textRefs.has(node.$ref)) return typeof value === 'string' ? [at] : [];
    return textsIn(defs, defs[node.$ref.replace('#/$defs/', '')] as Node | undefined, value, at);
  }
  if (node.properties && isRecord(value))
    return Object.entries(value).flatMap(([key, child]) =>
      textsIn(defs, node.properties?.[key], child, `${at}/${segment(key)}`),
    );
  if (node.items && Array.isArray(value))
    return value.flatMap((child, index) => textsIn(defs, node.items, child, `${at}/${index}`));
  return [];
}

/** The partner-wide settings whose texts a translation gives under the same names. */
const partnerWide = ['name', 'branding', 'meta', 'form', 'offer'] as const;

/**
 * Every text of the file a translation into `language` must give: the partner-wide ones, each
 * page's title and description and its blocks' texts (by block id), and each variant's own texts
 * (what its overrides change, or its own blocks), which go in the variant's own translations.
 */
export function textsToTranslate(
  partner: PartnerConfig,
  partnerSchema: { properties: Record<string, unknown>; $defs: SchemaDefs },
  language: Language,
): TextToTranslate[] {
  const defs = partnerSchema.$defs;
  const root = `/translations/${language}`;
  const texts: TextToTranslate[] = [];
  const add = (
    pointers: string[],
    english: string,
    translation: string,
    page?: { fallback: string; text: string },
  ) => {
    for (const pointer of pointers)
      texts.push({
        pointer: english + pointer,
        translation: translation + pointer,
        ...(page ? { fallback: page.fallback + pointer, pageText: page.text + pointer } : {}),
      });
  };
  const blockTexts = (type: string, props: unknown) =>
    textsIn(defs, defs[`${type}Props`] as Node | undefined, props);
  for (const key of partnerWide) {
    const node = partnerSchema.properties[key] as Node | undefined;
    add(textsIn(defs, node, partner[key]), `/${key}`, `${root}/${key}`);
  }
  for (const [key, page] of Object.entries(partner.pages)) {
    const at = `/pages/${segment(key)}`;
    for (const name of ['title', 'description'] as const)
      if (page[name] !== undefined)
        add([''], `${at}/${name}`, `${root}/pages/${segment(key)}/${name}`);
    page.sections.forEach((section, index) =>
      add(
        blockTexts(section.type, section.props),
        `${at}/sections/${index}/props`,
        `${root}/pages/${segment(key)}/${segment(section.id)}`,
      ),
    );
    // The page's own translation of a block, where a variant's block of the same id and type
    // falls back to it.
    const pageBlock = (id: string, type: string) => {
      const index = page.sections.findIndex(
        (section) => section.id === id && section.type === type,
      );
      return index === -1
        ? undefined
        : {
            fallback: `${root}/pages/${segment(key)}/${segment(id)}`,
            text: `${at}/sections/${index}/props`,
          };
    };
    page.experiment?.variants.forEach((variant, v) => {
      const variantAt = `${at}/experiment/variants/${v}`;
      const own = `${variantAt}/translations/${language}`;
      variant.sections?.forEach((section, index) =>
        add(
          blockTexts(section.type, section.props),
          `${variantAt}/sections/${index}/props`,
          `${own}/${segment(section.id)}`,
          pageBlock(section.id, section.type),
        ),
      );
      for (const [id, props] of Object.entries(variant.overrides ?? {})) {
        const type = page.sections.find((section) => section.id === id)?.type;
        if (type)
          add(
            blockTexts(type, props),
            `${variantAt}/overrides/${segment(id)}`,
            `${own}/${segment(id)}`,
            pageBlock(id, type),
          );
      }
    });
  }
  return texts;
}
