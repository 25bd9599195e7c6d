import type { Attribution, AttributionTouch } from '../generated/api.ts';

/**
 * What an attribution may hold, and how each value is cleaned and bounded: one set of rules for
 * the browser (which writes the cookie, src/services/attribution/visit.ts) and the server (which
 * never trusts what the browser sends and applies them again, server/attribution/). Pure.
 * docs/measurement.md says what is collected and why.
 */
export type { Attribution, AttributionTouch };

export type TouchField = keyof AttributionTouch;

/** The campaign parameters of an address, by their usual names. */
export const UTM_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const satisfies readonly TouchField[];

/** The ad networks' click ids (Google Ads, Meta, Microsoft Advertising). */
export const CLICK_ID_FIELDS = [
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
] as const satisfies readonly TouchField[];

/** The longest each value may be, in characters (code points) after cleaning. */
const MAX_LENGTH: Record<TouchField, number> = {
  utm_source: 100,
  utm_medium: 100,
  utm_campaign: 100,
  utm_term: 100,
  utm_content: 100,
  // Google's click ids run to about 100 characters, Meta's to about 200.
  gclid: 200,
  gbraid: 200,
  wbraid: 200,
  fbclid: 200,
  msclkid: 200,
  referrerHost: 253,
  landingPage: 200,
  pageVersion: 100,
  at: 24,
};

/** The whole attribution, as JSON (the server) or as the encoded cookie value (the browser). */
export const MAX_ATTRIBUTION_BYTES = 1536;

/**
 * When the whole is too big, fields go in this order (the least telling first), from the first
 * touch before the last, until it fits.
 */
const DROP_ORDER: readonly TouchField[] = [
  'utm_content',
  'utm_term',
  'wbraid',
  'gbraid',
  'msclkid',
  'fbclid',
  'pageVersion',
  'landingPage',
  'gclid',
  'referrerHost',
  'utm_medium',
  'utm_campaign',
  'utm_source',
];

/**
 * Characters a value never keeps: controls, format characters (zero-width and bidi marks, which
 * can disguise text), surrogates, private-use characters and line or paragraph separators.
 */
const invisible = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/gu;

/** A value as stored: no markup, nothing invisible, one line, at most `max` code points. */
export function cleanText(raw: string, max: number): string {
  const text = raw
    // Line breaks and tabs first become spaces (they separate words), then the rest goes.
    .replace(/\s/g, ' ')
    .replace(invisible, '')
    // Tags go whole (also one cut short at the end); any angle bracket left goes too.
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return [...text].slice(0, max).join('').trim();
}

const hostPattern =
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const versionPattern = /^[A-Za-z0-9_-]{1,40}:[A-Za-z0-9_-]{1,40}$/;
/** A visit's time is kept only within this window around now (a wrong clock or a forged one). */
const OLDEST_MS = 400 * 24 * 60 * 60 * 1000;
const NEWEST_MS = 24 * 60 * 60 * 1000;

function cleanField(field: TouchField, raw: string, now?: number): string | undefined {
  if (field === 'referrerHost') {
    // A host name and nothing else: a full address, a port or a path is refused, not cut.
    const host = raw.trim().toLowerCase().replace(/\.$/, '');
    return host.length <= MAX_LENGTH.referrerHost && hostPattern.test(host) ? host : undefined;
  }
  if (field === 'pageVersion') return versionPattern.test(raw) ? raw : undefined;
  if (field === 'at') {
    const time = Date.parse(raw);
    if (!Number.isFinite(time)) return undefined;
    if (now !== undefined && (time < now - OLDEST_MS || time > now + NEWEST_MS)) return undefined;
    return new Date(time).toISOString();
  }
  // A path only: its query and fragment (which could carry anything) are left out.
  const value = field === 'landingPage' ? (raw.split(/[?#]/)[0] ?? '') : raw;
  const cleaned = cleanText(value, MAX_LENGTH[field]);
  if (field === 'landingPage' && !cleaned.startsWith('/')) return undefined;
  return cleaned === '' ? undefined : cleaned;
}

const TOUCH_FIELDS = Object.keys(MAX_LENGTH) as TouchField[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The touch's known fields, each cleaned; undefined when nothing is left. With `now`, a time more
 * than a day ahead of it or 400 days behind is left out (a wrong or forged clock).
 */
export function cleanTouch(raw: unknown, now?: number): AttributionTouch | undefined {
  if (!isRecord(raw)) return undefined;
  const touch: AttributionTouch = {};
  for (const field of TOUCH_FIELDS) {
    const value = raw[field];
    if (typeof value !== 'string') continue;
    const cleaned = cleanField(field, value, now);
    if (cleaned !== undefined) touch[field] = cleaned;
  }
  return Object.keys(touch).length > 0 ? touch : undefined;
}

/**
 * Drops fields (DROP_ORDER, the first touch's before the last's) until `size` of the whole is at
 * most `max`; undefined when even the empty touches do not fit.
 */
export function fitAttribution(
  attribution: Attribution,
  size: (attribution: Attribution) => number,
  max = MAX_ATTRIBUTION_BYTES,
): Attribution | undefined {
  const fitted: Attribution = {
    ...(attribution.first ? { first: { ...attribution.first } } : {}),
    ...(attribution.last ? { last: { ...attribution.last } } : {}),
  };
  for (const field of DROP_ORDER) {
    for (const touch of [fitted.first, fitted.last]) {
      if (size(fitted) <= max) return fitted;
      // The copies above are this function's own, so dropping a field in place is safe.
      if (touch) Reflect.deleteProperty(touch, field);
    }
  }
  return size(fitted) <= max ? fitted : undefined;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Any value (a request's body field, a cookie's JSON) as a clean, bounded attribution, or
 * undefined when nothing usable is in it.
 */
export function cleanAttribution(raw: unknown, now?: number): Attribution | undefined {
  if (!isRecord(raw)) return undefined;
  const first = cleanTouch(raw.first, now);
  const last = cleanTouch(raw.last, now);
  if (!first && !last) return undefined;
  return fitAttribution({ ...(first ? { first } : {}), ...(last ? { last } : {}) }, (whole) =>
    utf8Bytes(JSON.stringify(whole)),
  );
}

/**
 * Whether a visit came from somewhere: a campaign parameter, a click id or an outside page. Such a
 * visit becomes the last touch; a direct one (typed, a bookmark, our own pages) does not.
 */
export const fromSomewhere = (touch: AttributionTouch): boolean =>
  [...UTM_FIELDS, ...CLICK_ID_FIELDS, 'referrerHost' as const].some(
    (field) => touch[field] !== undefined,
  );
