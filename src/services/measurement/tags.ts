import type { Gtag, TagWindow } from '../analytics.ts';
import {
  CONSENT_MODE_DEFAULTS,
  type ConsentModeState,
  type PartnerTags,
} from '../../config/tagRules.ts';

/**
 * The tags themselves: Google Consent Mode, gtag.js (GA4), Tag Manager's container and the Meta
 * pixel, loaded the way their vendors' snippets do but from this module (no inline script, so the
 * pages' Content-Security-Policy needs no 'unsafe-inline'), and the journey's dataLayer events
 * handed to them. What may load is decided in src/config/tagRules.ts.
 */

/** Meta's fbq(): queues calls until fbevents.js has loaded, as Meta's base code does. */
export interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
}

export interface MeasuredWindow extends TagWindow {
  fbq?: Fbq;
  _fbq?: Fbq;
}

/** The subset of `document` the loaders use. */
export interface TagDocument {
  createElement(tag: 'script'): { async: boolean; src: string };
  head: { appendChild(node: never): unknown };
}

export const TAG_SCRIPTS = {
  gtag: (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
  gtm: (id: string) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
  meta: 'https://connect.facebook.net/en_US/fbevents.js',
} as const;

/** How long Google's tags wait for the visitor's answer before they send with the defaults. */
export const WAIT_FOR_UPDATE_MS = 500;

function dataLayerOf(win: TagWindow): unknown[] {
  win.dataLayer ??= [];
  return win.dataLayer;
}

/** Google's gtag(): it must push its `arguments` object itself, which is what gtag.js reads. */
export function installGtag(win: TagWindow): Gtag {
  if (win.gtag) return win.gtag;
  const layer = dataLayerOf(win);
  const gtag: Gtag = function gtag() {
    // gtag.js recognises commands by their being an Arguments object: a rest array is ignored.
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  win.gtag = gtag;
  return gtag;
}

/**
 * Consent Mode v2's defaults, all denied, with wait_for_update, before any Google tag: the first
 * command in the dataLayer that is about consent. Advertising data is redacted while ad_storage
 * is denied.
 */
export function setConsentDefaults(win: TagWindow): void {
  const gtag = installGtag(win);
  gtag('consent', 'default', { ...CONSENT_MODE_DEFAULTS, wait_for_update: WAIT_FOR_UPDATE_MS });
  gtag('set', 'ads_data_redaction', true);
}

export function updateConsent(win: TagWindow, state: ConsentModeState): void {
  installGtag(win)('consent', 'update', { ...state });
}

function addScript(doc: TagDocument, src: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.appendChild(script as never);
}

/** What has been loaded in this page (each tag once, whatever the choices made meanwhile). */
export interface LoadedTags {
  google: Set<string>;
  meta: Set<string>;
}

export const noTagsLoaded = (): LoadedTags => ({ google: new Set(), meta: new Set() });

/** Loads the tags not loaded yet: GTM's container (after its start event), gtag.js, the pixel. */
export function loadTags(
  tags: PartnerTags,
  loaded: LoadedTags,
  win: MeasuredWindow,
  doc: TagDocument,
  now: () => number = Date.now,
): void {
  if (tags.tagManagerId && !loaded.google.has(tags.tagManagerId)) {
    loaded.google.add(tags.tagManagerId);
    dataLayerOf(win).push({ 'gtm.start': now(), event: 'gtm.js' });
    addScript(doc, TAG_SCRIPTS.gtm(tags.tagManagerId));
  }
  if (tags.googleTagId && !loaded.google.has(tags.googleTagId)) {
    loaded.google.add(tags.googleTagId);
    const gtag = installGtag(win);
    gtag('js', new Date(now()));
    gtag('config', tags.googleTagId);
    addScript(doc, TAG_SCRIPTS.gtag(tags.googleTagId));
  }
  if (tags.metaPixelId && !loaded.meta.has(tags.metaPixelId)) {
    const first = loaded.meta.size === 0;
    loaded.meta.add(tags.metaPixelId);
    const fbq = installFbq(win);
    fbq('consent', 'grant');
    fbq('init', tags.metaPixelId);
    fbq('track', 'PageView');
    if (first) addScript(doc, TAG_SCRIPTS.meta);
  }
}

/** Meta's base code, without the script element (loadTags adds it). */
function installFbq(win: MeasuredWindow): Fbq {
  if (win.fbq) return win.fbq;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  win.fbq = fbq;
  win._fbq ??= fbq;
  return fbq;
}

/** The pixel stops using its cookies once advertising is refused after it loaded. */
export function revokeMeta(win: MeasuredWindow): void {
  win.fbq?.('consent', 'revoke');
}

/** The journey's own events (src/services/analytics.ts) and the purchase of the return page. */
const JOURNEY_EVENTS = new Set(['account_signup', 'report_purchase', 'report_create', 'purchase']);

type Pushed = Record<string, unknown> & { event: string };

function isJourneyEvent(item: unknown): item is Pushed {
  return (
    typeof item === 'object' &&
    item !== null &&
    !Array.isArray(item) &&
    typeof (item as { event?: unknown }).event === 'string' &&
    JOURNEY_EVENTS.has((item as { event: string }).event) &&
    Object.prototype.toString.call(item) !== '[object Arguments]'
  );
}

/** What a purchase is worth when its push does not say: the partner's offer. */
export interface PurchaseValue {
  value: number;
  /** ISO 4217, upper case ("USD"). */
  currency: string;
}

/**
 * A purchase in the dataLayer: the journey's report_purchase with its ids (the return page:
 * `transaction_id`, the order id, and `event_id`, `purchase-<orderId>`, the id the server's
 * Conversions API sends), or a GA4-style `purchase` (figures at the top or under `ecommerce`).
 */
function purchaseOf(item: Pushed, fallback: PurchaseValue | undefined) {
  const nested = item.ecommerce;
  const fields =
    typeof nested === 'object' && nested !== null ? { ...item, ...nested } : { ...item };
  if (typeof fields.event_id !== 'string') return undefined;
  const value = fields.value === undefined ? Number.NaN : Number(fields.value);
  return {
    eventId: fields.event_id,
    transactionId: typeof fields.transaction_id === 'string' ? fields.transaction_id : undefined,
    value: Number.isFinite(value) ? value : fallback?.value,
    currency:
      typeof fields.currency === 'string' ? fields.currency.toUpperCase() : fallback?.currency,
  };
}

export interface Forwarding {
  /** gtag.js is loaded: events go to GA4 as gtag('event', ...). */
  ga: boolean;
  /** The pixel is loaded and allowed: purchases go to Meta with their event id. */
  meta: boolean;
}

/**
 * Hands the journey's dataLayer events to the loaded tags, from when the first tag loads: those
 * already pushed in this page view (a purchase pushed before the visitor accepted), then each new
 * one (Tag Manager reads the dataLayer itself). A purchase reaches Meta once per event id, the id
 * the server's Conversions API sends too, so Meta counts it once. Returns what changes the
 * forwarding (a later choice).
 */
export function forwardEvents(
  win: MeasuredWindow,
  initial: Forwarding,
  offer?: PurchaseValue,
): (next: Forwarding) => void {
  let forwarding = initial;
  const seen = new WeakSet<object>();
  const sentPurchases = new Set<string>();
  const forward = (item: unknown) => {
    if (!isJourneyEvent(item) || seen.has(item)) return;
    seen.add(item);
    const { event, ...params } = item;
    const purchase =
      event === 'purchase' || event === 'report_purchase' ? purchaseOf(item, offer) : undefined;
    const figures = {
      ...(purchase?.value === undefined ? {} : { value: purchase.value }),
      ...(purchase?.currency ? { currency: purchase.currency } : {}),
    };
    if (forwarding.ga) {
      win.gtag?.('event', event, params);
      // GA4's own purchase event for the journey's, with the order id GA4 deduplicates on.
      if (event === 'report_purchase' && purchase?.transactionId)
        win.gtag?.('event', 'purchase', { transaction_id: purchase.transactionId, ...figures });
    }
    if (!purchase || !forwarding.meta || !win.fbq || sentPurchases.has(purchase.eventId)) return;
    sentPurchases.add(purchase.eventId);
    win.fbq('track', 'Purchase', figures, { eventID: purchase.eventId });
  };
  const layer = dataLayerOf(win);
  const push = layer.push.bind(layer);
  layer.push = (...items: unknown[]) => {
    const length = push(...items);
    for (const item of items) forward(item);
    return length;
  };
  [...layer].forEach(forward);
  return (next) => {
    forwarding = next;
  };
}
