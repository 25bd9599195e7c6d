import { pageVersions } from '../partner/shownVersions.ts';

// The session's page versions live with the partner in scope (the catalog reads them too).
export { pageVersions, rememberPageVersion } from '../partner/shownVersions.ts';

/**
 * Analytics events of the journey (spec §4): account_signup, report_purchase, report_create.
 * report_purchase also carries `transaction_id` (the order id) and `event_id`
 * (src/config/purchaseEvent.ts), the ids of the purchase the server sends to GA4 and Meta, so the
 * platforms count it once (docs/measurement.md).
 *
 * Each is pushed to window.dataLayer as `{ event: 'account_signup', client_id: ... }`, the form
 * Google Tag Manager's custom-event triggers read (also with no tag at all: it stays in the page).
 * Nothing else happens here, so a page's first load carries no tag code: the partner's tags, when
 * it has any and the visitor's choice allows them, are loaded later from their own chunk
 * (src/services/measurement/), which also hands these events to gtag.js and the Meta pixel.
 */
export type AnalyticsEvent = 'account_signup' | 'report_purchase' | 'report_create';

export interface Analytics {
  track(event: AnalyticsEvent, params: Record<string, string>): void;
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

/** Events pushed to the page's dataLayer, with the page versions shown. */
export function dataLayerAnalytics(
  target: () => TagWindow = () => window,
  versions: () => string = () => pageVersions(),
): Analytics {
  return {
    track(event, params) {
      const win = target();
      const shown = versions();
      (win.dataLayer ??= []).push({ event, ...params, ...(shown ? { page_versions: shown } : {}) });
    },
  };
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
