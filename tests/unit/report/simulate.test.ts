import { describe, expect, it } from 'vitest';
import { DEFAULT_SIMULATION, formatSimulation, simulate } from '../../../server/report/simulate.ts';

describe('the peeking simulation (npm run report:simulate, smaller)', () => {
  // 600 A/A and 600 A/B tests of 30 daily looks: well under a second, and seeded.
  const result = simulate({ ...DEFAULT_SIMULATION, seed: 7, tests: 600 });

  it('keeps the anytime false-positive rate at or below 5% with a look every day', () => {
    expect(result.falsePositives.anytime.anyLook).toBeLessThanOrEqual(0.05);
  });

  it('detects peeking: the fixed interval read daily calls far more false winners', () => {
    // About a quarter; at least 12% even allowing for the seed's luck.
    expect(result.falsePositives.fixed.anyLook).toBeGreaterThan(0.12);
    // Read once at the end it is about the nominal 5%.
    expect(result.falsePositives.fixed.lastLook).toBeLessThan(0.09);
  });

  it('still finds a real +2-point difference more often than not, and is reproducible', () => {
    expect(result.power.anytime.anyLook).toBeGreaterThan(0.4);
    expect(result.power.anytime.anyLook).toBeLessThan(result.power.fixed.anyLook);
    const again = simulate({ ...DEFAULT_SIMULATION, seed: 7, tests: 600 });
    expect(formatSimulation(again)).toBe(formatSimulation(result));
  });
});
