import { describe, expect, it } from 'vitest';
import { statusPollIntervalMs } from '../../config/constants.ts';
import { isTerminal, pollDelay } from './orderStatus.ts';
import { TERMINAL_ORDER_STATUSES } from '../../services/generated/api.ts';

describe('isTerminal (spec §4)', () => {
  it('ends polling on completed, canceled, expired and failed', () => {
    expect([...TERMINAL_ORDER_STATUSES].sort()).toEqual([
      'canceled',
      'completed',
      'expired',
      'failed',
    ]);
    for (const status of ['completed', 'canceled', 'expired', 'failed']) {
      expect(isTerminal(status)).toBe(true);
    }
  });

  it('counts anything else as in progress', () => {
    for (const status of [
      'open',
      'pending',
      'processing',
      'complete',
      'COMPLETED',
      '',
      undefined,
    ]) {
      expect(isTerminal(status)).toBe(false);
    }
  });
});

describe('pollDelay', () => {
  it('polls every second (spec §9) while the server answers', () => {
    expect(statusPollIntervalMs).toBe(1_000);
    expect(pollDelay(0, statusPollIntervalMs)).toBe(1_000);
  });

  it('backs off 2 s, 4 s, 8 s after failures, capped at 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10, 50].map((failures) => pollDelay(failures, 1_000))).toEqual([
      2_000, 4_000, 8_000, 15_000, 15_000, 15_000, 15_000, 15_000,
    ]);
  });

  it('scales with the interval it is given', () => {
    expect(pollDelay(0, 500)).toBe(500);
    expect(pollDelay(2, 500)).toBe(2_000);
    expect(pollDelay(8, 500)).toBe(15_000);
  });
});
