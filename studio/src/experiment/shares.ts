import { CONTROL, DEFAULT_CONTROL_WEIGHT } from '../../../src/config/experiments.ts';
import type { ExperimentDraft } from '../schema/partnerTypes.ts';

/*
 * Each version's share of a page's visitors by weight, in a module of its own: the studio server
 * says shares too (the sign-off file), and its config bundle must not reach the block registry
 * that experiments.ts does through blocks.ts.
 */

export interface VersionShare {
  /** "control" or the variant's id. */
  id: string;
  weight: number;
  /** The share of the page's visitors (0 to 1) the weights give it, schedules aside. */
  share: number;
}

/** Each version's share of visitors by weight, the control first. */
export function versionShares(experiment: ExperimentDraft | undefined): VersionShare[] {
  if (!experiment) return [{ id: CONTROL, weight: 1, share: 1 }];
  const weights = [
    { id: CONTROL, weight: experiment.controlWeight ?? DEFAULT_CONTROL_WEIGHT },
    ...experiment.variants.map((variant) => ({ id: variant.id ?? '', weight: variant.weight })),
  ].map((version) => ({
    ...version,
    weight:
      version.weight !== undefined && Number.isFinite(version.weight) && version.weight > 0
        ? version.weight
        : 0,
  }));
  const total = weights.reduce((sum, version) => sum + version.weight, 0);
  return weights.map((version) => ({
    ...version,
    share: total > 0 ? version.weight / total : 0,
  }));
}

/** "50%", "33.3%", "0% (paused)": to one decimal, without a trailing ".0". */
export function formatShare(share: number): string {
  const text = `${Math.round(share * 1000) / 10}%`;
  return share === 0 ? `${text} (paused)` : text;
}
