import type { PartnerConfig, Block } from './generated/partner.ts';

/**
 * URL-driven copy: a block's text may name a query parameter with a default,
 * `A safer {{utm_term | "home"}}, one room at a time`, and shows the parameter's value (as plain
 * text, cleaned and capped) when the address has one, the default otherwise. Pure, and shared by
 * everything that must agree to the character: the checker (the syntax), the browser (the page's
 * own query at render), the prerender (markers around each default) and the server (which fills
 * the marked template with the same cleaned value, so hydration finds identical text).
 */
export const parameterNamePattern = /^[a-z0-9_]{1,40}$/;
/** A value longer than this (in code points, after cleaning) is cut: a headline must stay one. */
export const maxValueLength = 60;

export interface Placeholder {
  name: string;
  /** The default, as written between the quotes. */
  fallback: string;
  /** The whole placeholder as written, braces included. */
  source: string;
}

export type PlaceholderError =
  | { kind: 'unclosed'; source: string }
  | { kind: 'badName' | 'noDefault' | 'badDefault' | 'emptyDefault'; source: string; name: string };

export interface ParsedText {
  /** Literal text and placeholders in order; a malformed placeholder stays literal text. */
  parts: (string | Placeholder)[];
  errors: PlaceholderError[];
}

const OPEN = '{{';
const CLOSE = '}}';
/** A default is plain text in double quotes: no quote, backslash or brace inside. */
const quotedDefault = /^"([^"\\{}]*)"$/;

export const hasPlaceholder = (text: string): boolean => text.includes(OPEN);

export function parseText(text: string): ParsedText {
  const parts: (string | Placeholder)[] = [];
  const errors: PlaceholderError[] = [];
  let at = 0;
  for (;;) {
    const open = text.indexOf(OPEN, at);
    if (open < 0) {
      if (at < text.length) parts.push(text.slice(at));
      break;
    }
    if (open > at) parts.push(text.slice(at, open));
    const close = text.indexOf(CLOSE, open + OPEN.length);
    if (close < 0) {
      errors.push({ kind: 'unclosed', source: text.slice(open) });
      parts.push(text.slice(open));
      break;
    }
    const source = text.slice(open, close + CLOSE.length);
    const inner = text.slice(open + OPEN.length, close);
    const bar = inner.indexOf('|');
    const name = (bar < 0 ? inner : inner.slice(0, bar)).trim();
    const written = bar < 0 ? undefined : quotedDefault.exec(inner.slice(bar + 1).trim());
    const error: PlaceholderError['kind'] | undefined = !parameterNamePattern.test(name)
      ? 'badName'
      : bar < 0
        ? 'noDefault'
        : !written
          ? 'badDefault'
          : (written[1] ?? '').trim() === ''
            ? 'emptyDefault'
            : undefined;
    if (error) {
      errors.push({ kind: error, source, name });
      parts.push(source);
    } else {
      parts.push({ name, fallback: written?.[1] ?? '', source });
    }
    at = close + CLOSE.length;
  }
  return { parts, errors };
}

/** What a placeholder becomes: its default, a visitor's value, or the prerender's markers. */
export type FillPlaceholder = (placeholder: Placeholder) => string;

/**
 * A well-formed placeholder, as parseText reads it. One pattern keeps the browser's share of this
 * module small; partners:check refuses any other "{{", so nothing else is ever left to fill.
 */
const placeholderPattern = /\{\{\s*([a-z0-9_]{1,40})\s*\|\s*"(\s*[^"\\{}\s][^"\\{}]*)"\s*\}\}/g;

/** The text with its placeholders filled; text without any is returned as it is. */
export function fillText(text: string, fill: FillPlaceholder): string {
  if (!hasPlaceholder(text)) return text;
  return text.replace(placeholderPattern, (source, name: string, fallback: string) =>
    fill({ name, fallback, source }),
  );
}

export const withDefaults: FillPlaceholder = (placeholder) => placeholder.fallback;

/**
 * Characters a value never shows: controls, unpaired surrogates, private-use characters (the
 * markers below among them) and the invisible marks that reorder text (bidi overrides, which can
 * make a value read as something else).
 */
const invisible = /[\p{Cc}\p{Cs}\p{Co}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A visitor's value as shown: one line, nothing invisible, at most maxValueLength code points. */
export function cleanValue(raw: string): string {
  const text = raw.replace(/\s+/gu, ' ').replace(invisible, '').replace(/ {2,}/g, ' ').trim();
  const points = Array.from(text);
  return points.length <= maxValueLength
    ? text
    : points.slice(0, maxValueLength).join('').trimEnd();
}

/**
 * Each parameter's cleaned value in a query string ("?utm_term=kitchen" or without the "?"), the
 * first when repeated; an empty one counts as absent (the default shows).
 */
export function queryValues(search: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, raw] of new URLSearchParams(search)) {
    if (values.has(name) || !parameterNamePattern.test(name)) continue;
    const value = cleanValue(raw);
    if (value) values.set(name, value);
  }
  return values;
}

/** Fills from a query string: the parameter's value when it has one, else the default. */
export function fromQuery(search: string): FillPlaceholder {
  const values = queryValues(search);
  return (placeholder) => values.get(placeholder.name) ?? placeholder.fallback;
}

/*
 * The prerender marks each default: \uE000name\uE001default\uE002 (private-use characters, which
 * no partner file holds and no value keeps). The built page is the template with the markers
 * stripped; the server fills a copy for a visitor whose address has a value.
 */
const markerStart = '\ue000';
const markerMiddle = '\ue001';
const markerEnd = '\ue002';
const markerPattern = /\ue000([a-z0-9_]{1,40})\ue001([^\ue000-\ue002]*)\ue002/g;

export const asMarkers: FillPlaceholder = ({ name, fallback }) =>
  `${markerStart}${name}${markerMiddle}${fallback}${markerEnd}`;

/**
 * The marked HTML with each marker replaced: `replace` gets the parameter's name and the default
 * as the HTML holds it (already escaped by React).
 */
export function replaceMarkers(
  html: string,
  replace: (name: string, fallbackHtml: string) => string,
): string {
  return html.replace(markerPattern, (_whole, name: string, fallbackHtml: string) =>
    replace(name, fallbackHtml),
  );
}

export const stripMarkers = (html: string): string =>
  replaceMarkers(html, (_name, fallbackHtml) => fallbackHtml);

/** The parameters a marked page names. */
export function markedParameters(html: string): Set<string> {
  return new Set([...html.matchAll(markerPattern)].map((match) => match[1] ?? ''));
}

/** Whether any marker character is left (one a block split or changed), after stripping. */
export const hasMarkerCharacters = (text: string): boolean => /[\ue000-\ue002]/.test(text);

/** Where the build writes a page's template, beside its index.html; never served as a page. */
export const templateSuffix = '.template.html';
export const templateFile = (pageFile: string): string =>
  pageFile.replace(/\.html$/, templateSuffix);

/**
 * Every string in a value filled. Settings holding HTML (names ending in "Html") are left as
 * written: a value goes in as text only, and partners:check refuses a placeholder there.
 */
function fillStrings(value: unknown, fill: FillPlaceholder, key: string): unknown {
  if (typeof value === 'string') return key.endsWith('Html') ? value : fillText(value, fill);
  if (Array.isArray(value)) return value.map((item) => fillStrings(item, fill, ''));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillStrings(v, fill, k)]));
  return value;
}

const holdsPlaceholder = (value: unknown) => hasPlaceholder(JSON.stringify(value));

/**
 * A section with the placeholders of its props filled; one without any is the same object (a
 * memoised block is not rendered again).
 */
export function fillBlockText<S extends Block>(section: S, fill: FillPlaceholder): S {
  return holdsPlaceholder(section.props)
    ? { ...section, props: fillStrings(section.props, fill, '') as S['props'] }
    : section;
}

/** The partner with the placeholders of every page's blocks filled (what its pages show). */
export function fillPartnerText(partner: PartnerConfig, fill: FillPlaceholder): PartnerConfig {
  if (!holdsPlaceholder(partner.pages)) return partner;
  const pages = Object.fromEntries(
    Object.entries(partner.pages).map(([key, page]) => [
      key,
      { ...page, sections: page.sections.map((section) => fillBlockText(section, fill)) },
    ]),
  ) as PartnerConfig['pages'];
  return { ...partner, pages };
}
