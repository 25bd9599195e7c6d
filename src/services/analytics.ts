import { pageVersions } from '../partner/shownVersions.ts';

// The session's page versions live with the partner in scope (the catalog reads them too).
export { pageVersions, rememberPageVersion } from '../partner/shownVersions.ts';

/**
 * Analytics events of the journey (spec §4): account_signup, report_purchase, report_create.
 * report_purchase also carries `transaction_id` (the order id) and `event_id`
 * (src/config/purchaseEvent.ts), the ids of the purchase the server sends to GA4 and Meta, so the
 * platforms count it once (docs/measurement.md).
 *
 * They reach Google's tags in the forms each one reads from window.dataLayer:
 * - Google Tag Manager runs custom-event triggers on pushed objects with an `event` key, so every
 *   event is pushed as `{ event: 'account_signup', client_id: ... }` (also with no tag configured:
 *   it is the dataLayer convention any tag added later reads);
 * - gtag.js (Google Analytics 4) reads commands only from the `arguments` object of a gtag() call
 *   (an array with the same items is ignored), so with a measurement id every event is also sent
 *   as gtag('event', name, params).
 * The tags themselves are loaded (and the server's CSP widened) only when an id is configured:
 * VITE_GTM_CONTAINER_ID, VITE_GA_MEASUREMENT_ID.
 */
export type AnalyticsEvent = 'account_signup' | 'report_purchase' | 'report_create';

export interface Analytics {
  track(event: AnalyticsEvent, params: Record<string, string>): void;
}

export interface GoogleTagIds {
  gtmContainerId?: string;
  gaMeasurementId?: string;
}

/** The same patterns the server checks (server/config.ts); anything else loads nothing. */
const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;
const GA_MEASUREMENT_ID = /^G-[A-Z0-9]{4,16}$/;

/** The ids from the build's environment, dropping values that are not ids. */
export function googleTagIds(env: {
  VITE_GTM_CONTAINER_ID?: string;
  VITE_GA_MEASUREMENT_ID?: string;
}): GoogleTagIds {
  const gtm = env.VITE_GTM_CONTAINER_ID?.trim();
  const ga = env.VITE_GA_MEASUREMENT_ID?.trim();
  return {
    ...(gtm && GTM_CONTAINER_ID.test(gtm) ? { gtmContainerId: gtm } : {}),
    ...(ga && GA_MEASUREMENT_ID.test(ga) ? { gaMeasurementId: ga } : {}),
  };
}

export type Gtag = (...args: unknown[]) => void;

/** The parts of `window` the tags use (tests pass their own). */
export interface TagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

function dataLayerOf(target: TagWindow): unknown[] {
  target.dataLayer ??= [];
  return target.dataLayer;
}

/** Google's gtag(): it must push its `arguments` object itself, which is what gtag.js reads. */
function installGtag(target: TagWindow): Gtag {
  if (target.gtag) return target.gtag;
  const layer = dataLayerOf(target);
  const gtag: Gtag = function gtag() {
    // gtag.js recognises commands by their being an Arguments object: a rest array is ignored.
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  target.gtag = gtag;
  return gtag;
}

/** Events as GTM and (with a measurement id) GA4 read them, with the page versions shown. */
export function googleTagAnalytics(
  ids: GoogleTagIds,
  target: () => TagWindow = () => window,
  versions: () => string = () => pageVersions(),
): Analytics {
  return {
    track(event, params) {
      const win = target();
      const shown = versions();
      const all = shown ? { ...params, page_versions: shown } : params;
      dataLayerOf(win).push({ event, ...all });
      if (ids.gaMeasurementId) installGtag(win)('event', event, all);
    },
  };
}

/** The subset of `document` the loader uses. */
export interface TagDocument {
  createElement(tag: 'script'): { async: boolean; src: string };
  head: { appendChild(node: never): unknown };
}

/**
 * Loads the configured tags once: GTM's container (after its start event, as Google's snippet
 * does) and gtag.js with its js and config commands. Nothing at all without an id.
 */
export function loadGoogleTags(
  ids: GoogleTagIds,
  win: TagWindow = window,
  doc: TagDocument = document as unknown as TagDocument,
  now: () => number = Date.now,
): void {
  const addScript = (src: string) => {
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    doc.head.appendChild(script as never);
  };
  if (ids.gtmContainerId) {
    dataLayerOf(win).push({ 'gtm.start': now(), event: 'gtm.js' });
    addScript(
      `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(ids.gtmContainerId)}`,
    );
  }
  if (ids.gaMeasurementId) {
    const gtag = installGtag(win);
    gtag('js', new Date(now()));
    gtag('config', ids.gaMeasurementId);
    addScript(
      `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.gaMeasurementId)}`,
    );
  }
}

export interface RecordedEvent {
  event: AnalyticsEvent;
  params: Record<string, string>;
}

/** Keeps events in memory: the sink for tests and stories. */
export function memoryAnalytics(): Analytics & { events: RecordedEvent[] } {
  const events: RecordedEvent[] = [];
  return { events, track: (event, params) => void events.push({ event, params }) };
}
