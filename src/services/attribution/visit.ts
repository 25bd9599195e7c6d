import { pageVersionIn } from '../../partner/shownVersions.ts';
import {
  CLICK_ID_FIELDS,
  cleanAttribution,
  cleanTouch,
  fitAttribution,
  fromSomewhere,
  UTM_FIELDS,
  type Attribution,
  type AttributionTouch,
} from './rules.ts';

/**
 * The browser's side of attribution (docs/measurement.md): on the first page view of a visit,
 * what brought the visitor goes into one first-party cookie; the signup sends it. Loaded after the
 * page is interactive and idle (src/main.tsx), never by a browser driven by automation, so it is
 * no part of any page's first load. Pure but for the last two functions, which read the page.
 *
 * First touch: the first visit we know of, kept. Last touch: replaced by each visit that comes
 * from a campaign (its parameters or a click id) or an outside page; a direct visit (typed, a
 * bookmark, a link between our own pages, a reload) leaves it as it was.
 */
export const ATTRIBUTION_COOKIE = 'hs_attr';
/** Kept 90 days from the last visit that changed it. */
export const ATTRIBUTION_MAX_AGE_S = 90 * 24 * 60 * 60;

/** Pages on the way through our own journey, never a source: the card payment page. */
const PASS_THROUGH_HOSTS = ['stripe.com'];

export interface PageView {
  /** The address the page was loaded at (location.href). */
  href: string;
  /** document.referrer: the page that linked here, '' when none. */
  referrer: string;
  /** The page's version when it runs an A/B test ("landing:fewer-falls"). */
  pageVersion?: string | undefined;
  /** The navigation's type (PerformanceNavigationTiming.type): a reload is no new visit. */
  navigationType?: string | undefined;
  now: number;
}

export interface CookieJar {
  /** document.cookie as read: every cookie of the page, "a=1; b=2". */
  read(): string;
  /** One Set-Cookie-like line, as document.cookie takes it. */
  write(line: string): void;
}

/** The referrer's host when it is an outside page; never its address. */
export function outsideHost(referrer: string, ownHost: string): string | undefined {
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (host === '' || host === ownHost.toLowerCase()) return undefined;
  if (PASS_THROUGH_HOSTS.some((pass) => host === pass || host.endsWith(`.${pass}`)))
    return undefined;
  return host;
}

function sameHost(referrer: string, href: string): boolean {
  try {
    return new URL(referrer).host === new URL(href).host;
  } catch {
    return false;
  }
}

/** What this page view says of where the visitor came from, cleaned and bounded. */
export function touchOf(view: PageView): AttributionTouch | undefined {
  let url: URL;
  try {
    url = new URL(view.href);
  } catch {
    return undefined;
  }
  const raw: Record<string, string> = {};
  for (const field of [...UTM_FIELDS, ...CLICK_ID_FIELDS]) {
    const value = url.searchParams.get(field);
    if (value) raw[field] = value;
  }
  const referrerHost = outsideHost(view.referrer, url.hostname);
  if (referrerHost) raw.referrerHost = referrerHost;
  raw.landingPage = url.pathname;
  if (view.pageVersion) raw.pageVersion = view.pageVersion;
  raw.at = new Date(view.now).toISOString();
  return cleanTouch(raw, view.now);
}

/** The attribution after this touch, or undefined when it stays as it was. */
export function nextAttribution(
  current: Attribution | undefined,
  touch: AttributionTouch,
  isNewVisit = true,
): Attribution | undefined {
  if (!current?.first && !current?.last) return { first: touch, last: touch };
  if (!isNewVisit || !fromSomewhere(touch)) return undefined;
  return { ...(current.first ? { first: current.first } : {}), last: touch };
}

/** The attribution in a page's cookies (document.cookie), cleaned again; undefined when none. */
export function readAttribution(cookies: string, now: number): Attribution | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== ATTRIBUTION_COOKIE) continue;
    try {
      return cleanAttribution(JSON.parse(decodeURIComponent(part.slice(eq + 1).trim())), now);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const cookieValue = (attribution: Attribution) => encodeURIComponent(JSON.stringify(attribution));

/** The cookie line for this attribution, cut down to the size bound; undefined if nothing fits. */
export function attributionCookie(attribution: Attribution, secure: boolean): string | undefined {
  const fitted = fitAttribution(
    attribution,
    (whole) => ATTRIBUTION_COOKIE.length + 1 + cookieValue(whole).length,
  );
  if (!fitted) return undefined;
  return `${ATTRIBUTION_COOKIE}=${cookieValue(fitted)}; Path=/; Max-Age=${ATTRIBUTION_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Records this page view's touch in the cookie when it changes anything; returns what it wrote. */
export function recordVisit(view: PageView, jar: CookieJar): Attribution | undefined {
  const touch = touchOf(view);
  if (!touch) return undefined;
  // A reload or a step back shows the address and referrer of the visit's first page again, and
  // a page loaded from one of ours (the app sends some links to the server) is the same visit.
  const isNewVisit =
    view.navigationType !== 'reload' &&
    view.navigationType !== 'back_forward' &&
    !sameHost(view.referrer, view.href);
  const next = nextAttribution(readAttribution(jar.read(), view.now), touch, isNewVisit);
  if (!next) return undefined;
  const line = attributionCookie(next, view.href.startsWith('https:'));
  if (!line) return undefined;
  jar.write(line);
  return next;
}

/** "landing:fewer-falls" when the prerendered page runs an A/B test (its embedded data). */
function pageVersionOf(doc: Document): string | undefined {
  const version = pageVersionIn(doc);
  return version && `${version.page}:${version.id}`;
}

const documentJar: CookieJar = {
  read: () => document.cookie,
  write: (line) => {
    document.cookie = line;
  },
};

/**
 * This page view, recorded (src/services/afterInteractive.ts calls it once the page is idle). A
 * page whose cookies cannot be used (blocked, a sandboxed frame) records nothing.
 */
export function recordThisVisit(): void {
  try {
    recordPageView();
  } catch {
    // Measurement never gets in the visitor's way.
  }
}

function recordPageView(): void {
  const [navigation] = performance.getEntriesByType('navigation');
  recordVisit(
    {
      href: location.href,
      referrer: document.referrer,
      pageVersion: pageVersionOf(document),
      navigationType:
        navigation instanceof PerformanceNavigationTiming ? navigation.type : undefined,
      now: Date.now(),
    },
    documentJar,
  );
}

/** What the signup sends: the cookie's attribution, if any (none when cookies cannot be read). */
export function signupAttribution(): Attribution | undefined {
  try {
    return readAttribution(document.cookie, Date.now());
  } catch {
    return undefined;
  }
}
