import type { PageVersion } from '../../src/config/experiments.ts';

/**
 * What a visitor was assigned under: the versions live at that moment and their weights, as a
 * short normalised text ("control:30,fast-quote:70", by version id), stored with each assignment
 * (experiment_assignments.weights_key). The report groups visitors by it in SQL, so the split
 * check expects each version exactly as often as it was live (server/report/splitCheck.ts), and
 * stays one small GROUP BY however many visitors a page has. Version ids are lowercase words
 * joined by hyphens (partner schema), so ":" and "," cannot occur in them.
 */
export function weightsKey(versions: readonly PageVersion[]): string {
  return versions
    .filter((version) => version.weight > 0)
    .map((version) => `${version.id}:${version.weight}`)
    .sort()
    .join(',');
}

/** The weights a key names; undefined for a key this code did not write. */
export function parseWeightsKey(key: string): Record<string, number> | undefined {
  const weights: Record<string, number> = {};
  for (const part of key.split(',')) {
    const colon = part.lastIndexOf(':');
    const id = part.slice(0, colon);
    const weight = Number(part.slice(colon + 1));
    if (colon <= 0 || !Number.isFinite(weight) || weight <= 0 || id in weights) return undefined;
    weights[id] = weight;
  }
  return weights;
}
