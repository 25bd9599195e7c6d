import type { StoredAttribution } from '../../attribution/stored.ts';
import type { VisitorSignals } from '../../conversions/signals.ts';
import { cleanAttribution } from '../../../src/services/attribution/rules.ts';

/** The attribution columns of a signup or an order (migration 11). */
export interface AttributionColumns {
  attribution: string | null;
  first_channel: string | null;
  last_channel: string | null;
}

export function attributionColumns(attribution: StoredAttribution | null | undefined) {
  // Only when there is one: rows without it keep the columns' NULL.
  return attribution
    ? {
        attribution: JSON.stringify(attribution.touches),
        first_channel: attribution.firstChannel,
        last_channel: attribution.lastChannel,
      }
    : {};
}

export function toAttribution(row: AttributionColumns): StoredAttribution | null {
  // Not a string: NULL, or no such column yet (a database before migration 11, in the tests).
  if (typeof row.attribution !== 'string') return null;
  // Stored clean: read back through the same rules (no time window: it was checked when stored),
  // so the type is proven rather than asserted.
  const touches = cleanAttribution(JSON.parse(row.attribution));
  return touches
    ? { touches, firstChannel: row.first_channel, lastChannel: row.last_channel }
    : null;
}

export function signalsColumn(signals: VisitorSignals | null | undefined) {
  // Only when there are some: the column came with migration 12.
  return signals ? { signals: JSON.stringify(signals) } : {};
}
