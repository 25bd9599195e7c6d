import type { VitalMetric } from '../generated/api.ts';

/** A Core Web Vital as people read it: CLS as a score, LCP and INP in milliseconds. */
export function formatVital(metric: VitalMetric, value: number | null): string {
  if (value === null) return '–';
  if (metric === 'cls') return value.toFixed(3);
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}
