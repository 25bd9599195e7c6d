/**
 * Analytics events of the journey (spec §4): account_signup, report_purchase, report_create.
 * Events go to window.dataLayer the way gtag() does, and to any extra sink (tests use one).
 */
export type AnalyticsEvent = 'account_signup' | 'report_purchase' | 'report_create';

export interface Analytics {
  track(event: AnalyticsEvent, params: Record<string, string>): void;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const dataLayerAnalytics: Analytics = {
  track(event, params) {
    window.dataLayer ??= [];
    // gtag('event', name, params) pushes its arguments object; an array is read the same way.
    window.dataLayer.push(['event', event, params]);
  },
};

export interface RecordedEvent {
  event: AnalyticsEvent;
  params: Record<string, string>;
}

/** Keeps events in memory: the sink for tests and stories. */
export function memoryAnalytics(): Analytics & { events: RecordedEvent[] } {
  const events: RecordedEvent[] = [];
  return { events, track: (event, params) => void events.push({ event, params }) };
}

export function combineAnalytics(...sinks: Analytics[]): Analytics {
  return { track: (event, params) => sinks.forEach((sink) => sink.track(event, params)) };
}
