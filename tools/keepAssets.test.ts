import { describe, expect, it } from 'vitest';
import { keepPlan, keptManifestFile } from './keepAssets.ts';

/*
 * Issue 30: after a deploy, a tab opened before it still names the previous build's chunks. The
 * build keeps the files it no longer writes for a week (tools/keepAssets.ts), then drops them.
 */
const now = new Date('2026-11-26T05:00:00Z');
const daysAgo = (days: number) =>
  new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

describe('keepPlan', () => {
  it('keeps every previous file the new build did not write, noting when it was left over', () => {
    const plan = keepPlan(
      ['ClaimOffer-old.js', 'ClaimOffer-old.js.br', 'react-same.js', keptManifestFile],
      new Set(['ClaimOffer-new.js', 'react-same.js']),
      {},
      now,
      7,
    );
    expect(plan.keep).toEqual(['ClaimOffer-old.js', 'ClaimOffer-old.js.br']);
    expect(plan.manifest).toEqual({
      'ClaimOffer-old.js': now.toISOString(),
      'ClaimOffer-old.js.br': now.toISOString(),
    });
  });

  it('keeps the first date across builds and drops a file left over for longer than the days', () => {
    const plan = keepPlan(
      ['a-older.js', 'b-recent.js', 'c-back.js'],
      new Set(['c-back.js']),
      { 'a-older.js': daysAgo(8), 'b-recent.js': daysAgo(6), 'c-back.js': daysAgo(3) },
      now,
      7,
    );
    expect(plan.keep).toEqual(['b-recent.js']);
    // A file the new build writes again is its own again, not a kept one.
    expect(plan.manifest).toEqual({ 'b-recent.js': daysAgo(6) });
  });
});
