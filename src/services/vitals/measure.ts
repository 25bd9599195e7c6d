import type { Metric } from 'web-vitals';
import type { VitalMetric, VitalsRequest } from '../generated/api.ts';
import { thisPageView, type PageViewTag } from './pageView.ts';

/**
 * Measures this page view for the guardrails report (docs/guardrails.md): its Core Web Vitals
 * (web-vitals reads the paints, shifts and interactions the browser buffered since the page
 * started, so loading this after the page is interactive loses nothing) and the script errors
 * src/main.tsx counted, sent once with navigator.sendBeacon when the page is hidden or left.
 * No message, stack, address or identifier is sent: the tag (partner, page, version), the three
 * values and a count.
 */
const LIMITS: Record<VitalMetric, number> = { lcp: 600_000, inp: 600_000, cls: 100 };
const MAX_ERRORS = 1000;

export function vitalsBody(
  tag: PageViewTag,
  values: Partial<Record<VitalMetric, number>>,
  errors: number,
): VitalsRequest {
  const body: VitalsRequest = { ...tag, errors: Math.min(Math.max(0, errors), MAX_ERRORS) };
  for (const [metric, value] of Object.entries(values) as [VitalMetric, number][]) {
    if (Number.isFinite(value) && value >= 0) body[metric] = Math.min(value, LIMITS[metric]);
  }
  return body;
}

export async function measure(
  errors: () => number,
  endpoint = `${import.meta.env.VITE_API_BASE_URL || '/api'}/vitals`,
): Promise<void> {
  const tag = thisPageView();
  if (!tag || typeof navigator.sendBeacon !== 'function') return;
  // The library only where a page view is measured (a page that runs a test).
  const { onCLS, onINP, onLCP } = await import('web-vitals');
  const values: Partial<Record<VitalMetric, number>> = {};
  // Every change, so the value held is the latest whenever the page is hidden.
  const keep = (metric: Metric) => {
    values[metric.name.toLowerCase() as VitalMetric] = metric.value;
  };
  onLCP(keep, { reportAllChanges: true });
  onINP(keep, { reportAllChanges: true });
  onCLS(keep, { reportAllChanges: true });
  let sent = false;
  const send = () => {
    // One beacon per page view: what happens after it was first hidden is not measured.
    if (sent) return;
    sent = true;
    const body = JSON.stringify(vitalsBody(tag, values, errors()));
    // A string goes as text/plain, which a beacon may carry anywhere (the server reads it as JSON).
    navigator.sendBeacon(endpoint, body);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  addEventListener('pagehide', send);
}
