import {
  advertisingAllowed,
  CONSENT_COOKIE,
  formatConsent,
  parseConsent,
  type ConsentChoice,
} from '../../src/config/consentRule.ts';
import { isBot } from '../experiments/visitor.ts';

/**
 * What a signup request tells about the visitor's measurement choice and advertising browser ids
 * (docs/measurement.md, "Sent from the server"): the consent cookie (hs_consent), Global Privacy
 * Control (Sec-GPC: 1), Google Analytics' client id (_ga) and Meta's browser cookies (_fbp,
 * _fbc), with the user agent the Conversions API needs for a website event. Stored with the signup
 * and copied to its orders, like attribution. Every id is checked against its format and bounded;
 * the ids and the user agent are kept only when advertising is allowed when the visitor signs up,
 * and never from a crawler, a lab tool or a script (server/experiments/visitor.ts).
 */
export interface VisitorSignals {
  /** The hs_consent value as the visitor left it (`v1.g.d`), or null: no choice made. */
  consent: string | null;
  gpc: boolean;
  /** `<random>.<timestamp>` from `_ga` (GA1.1.<random>.<timestamp>). */
  gaClientId?: string;
  fbp?: string;
  fbc?: string;
  userAgent?: string;
}

const GA_COOKIE = /^GA\d\.\d+\.(\d{1,20}\.\d{1,12})$/;
/** fb.<subdomain index>.<creation time ms>.<random> */
const FBP_COOKIE = /^fb\.\d{1,2}\.\d{10,16}\.\d{1,24}$/;
/** fb.<subdomain index>.<creation time ms>.<fbclid>; the click id is Meta's, up to a few hundred characters. */
const FBC_COOKIE = /^fb\.\d{1,2}\.\d{10,16}\.[A-Za-z0-9_-]{1,500}$/;
const MAX_USER_AGENT = 400;

/** The named cookies of a Cookie header (first value of each name), undecoded. */
export function cookiesOf(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  if (!header) return found;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!found.has(name)) found.set(name, part.slice(at + 1).trim());
  }
  return found;
}

/** The GA4 client id of a `_ga` cookie (`GA1.1.123.456` reads `123.456`). */
export function gaClientIdOf(value: string | undefined): string | undefined {
  return value ? GA_COOKIE.exec(value)?.[1] : undefined;
}

const matching = (value: string | undefined, pattern: RegExp) =>
  value !== undefined && pattern.test(value) ? value : undefined;

/** The user agent on one line, printable ASCII only, bounded. */
function cleanUserAgent(value: string | undefined): string | undefined {
  const clean = value?.replace(/[^\x20-\x7e]/g, '').slice(0, MAX_USER_AGENT);
  return clean ? clean : undefined;
}

export interface SignalRequest {
  cookie: string | undefined;
  /** The Sec-GPC header. */
  gpc: string | undefined;
  userAgent: string | undefined;
}

/** The signals of a signup request, for a partner that asks for consent or not. */
export function signalsFromRequest(request: SignalRequest, askConsent: boolean): VisitorSignals {
  const cookies = cookiesOf(request.cookie);
  const choice = parseConsent(cookies.get(CONSENT_COOKIE));
  const gpc = request.gpc?.trim() === '1';
  const signals: VisitorSignals = { consent: choice ? formatConsent(choice) : null, gpc };
  // Crawlers and lab tools, whose signups get no attribution either, get no ids.
  if (!advertisingAllowed({ askConsent, choice, gpc }) || isBot(request.userAgent)) return signals;
  const gaClientId = gaClientIdOf(cookies.get('_ga'));
  const fbp = matching(cookies.get('_fbp'), FBP_COOKIE);
  const fbc = matching(cookies.get('_fbc'), FBC_COOKIE);
  const userAgent = cleanUserAgent(request.userAgent);
  return {
    ...signals,
    ...(gaClientId ? { gaClientId } : {}),
    ...(fbp ? { fbp } : {}),
    ...(fbc ? { fbc } : {}),
    ...(userAgent ? { userAgent } : {}),
  };
}

/**
 * The signup's signals as the order keeps them, narrowed by what the checkout request says now:
 * a visitor who refused advertising (or whose browser began sending Global Privacy Control)
 * between signing up and paying has their purchase sent to no ad platform, and the order keeps
 * none of their ad ids. A later acceptance counts as well, but brings no ids: they were kept only
 * when allowed at signup, and the order never gains what the signup did not have.
 */
export function signalsAtCheckout(
  stored: VisitorSignals | null,
  request: Pick<SignalRequest, 'cookie' | 'gpc'>,
  askConsent: boolean,
): VisitorSignals | null {
  if (!stored) return stored;
  const now = parseConsent(cookiesOf(request.cookie).get(CONSENT_COOKIE));
  const choice = now ?? parseConsent(stored.consent);
  const gpc = stored.gpc || request.gpc?.trim() === '1';
  const narrowed: VisitorSignals = {
    ...stored,
    consent: choice ? formatConsent(choice) : null,
    gpc,
  };
  if (advertisingAllowed({ askConsent, choice, gpc })) return narrowed;
  return { consent: narrowed.consent, gpc };
}

/** The choice stored with the signals. */
export function choiceOf(signals: VisitorSignals): ConsentChoice | undefined {
  return parseConsent(signals.consent);
}

/**
 * Signals read back from their stored JSON, checked again field by field (never trusted as
 * typed); undefined for none or a value of another shape.
 */
export function readSignals(text: string | null | undefined): VisitorSignals | undefined {
  if (typeof text !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (name: string): unknown => (value as Record<string, unknown>)[name];
  const str = (name: string, pattern?: RegExp) => {
    const raw = field(name);
    return typeof raw === 'string' && (!pattern || pattern.test(raw)) ? raw : undefined;
  };
  const choice = parseConsent(str('consent'));
  const gaClientId = str('gaClientId', /^\d{1,20}\.\d{1,12}$/);
  const fbp = str('fbp', FBP_COOKIE);
  const fbc = str('fbc', FBC_COOKIE);
  const userAgent = cleanUserAgent(str('userAgent'));
  return {
    consent: choice ? formatConsent(choice) : null,
    gpc: field('gpc') === true,
    ...(gaClientId ? { gaClientId } : {}),
    ...(fbp ? { fbp } : {}),
    ...(fbc ? { fbc } : {}),
    ...(userAgent ? { userAgent } : {}),
  };
}
