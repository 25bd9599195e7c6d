import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { versionPage } from '../../src/config/experiments.ts';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { addVariant } from '../../studio/src/experiment/experiments.ts';
import { setBlockOverride } from '../../studio/src/experiment/variantBlocks.ts';
import { makeVariantThePage, stopVariant } from '../../studio/src/experiment/ship.ts';
import { blocksOf } from '../../studio/src/blocks/blocks.ts';
import type { PartnerDraft } from '../../studio/src/schema/partnerTypes.ts';
import { PROJECT_ROOT } from '../app.ts';
import type { Assignment } from '../storage/repository.ts';
import { createPageVersions } from '../experiments/pageVersions.ts';

/*
 * Issue 28, item 5: after the studio's "Stop this variant" the page server never gives the
 * stopped variant (its visitors move to the other versions, everybody else keeps theirs), and
 * after "Make this the page" it gives the page as written, which is the variant's, to everybody.
 */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * The demo partner testing "warm" (a new hero title) and "calm" (a copy of the page). One file:
 * the same seed each time (the studio writes a random one when it adds a test).
 */
function tested(): PartnerDraft {
  const demo = JSON.parse(
    readFileSync(join(PROJECT_ROOT, 'partners/demo.json'), 'utf8'),
  ) as PartnerDraft;
  let partner = addVariant(demo, 'landing', 'warm', 'overrides', 'landing-ship-test');
  const hero = blocksOf(partner, 'landing')[0];
  if (!hero) throw new Error('the demo has no hero');
  partner = setBlockOverride(partner, 'landing', 0, 'hero', { ...hero.props, title: 'Warmer' });
  return addVariant(partner, 'landing', 'calm', 'copy');
}

/** The studio's file as the server reads it back. */
const asSaved = (partner: PartnerDraft): PartnerConfig => JSON.parse(JSON.stringify(partner));

const visitors = Array.from({ length: 300 }, (_, i) => `v${String(i).padStart(21, '0')}`);

/** Which folder answers /demo for each visitor, and what was recorded, with the site's rule. */
function serve(partner: PartnerDraft, now: number) {
  const recorded: Assignment[] = [];
  const versions = createPageVersions({
    partners: [asSaved(partner)],
    now: () => now,
    secureCookie: false,
    record: (assignment) => {
      recorded.push(assignment);
      return Promise.resolve();
    },
    onRecordError: (error) => {
      throw error;
    },
  });
  const dirs = visitors.map((visitorId) => {
    const request = {
      url: '/demo',
      headers: { cookie: `hs_visitor=${visitorId}`, 'user-agent': BROWSER },
    } as FastifyRequest;
    const headers: Record<string, string> = {};
    const reply = {
      header: (name: string, value: string) => {
        headers[name] = value;
        return reply;
      },
    } as FastifyReply;
    return { visitorId, dir: versions.choose(request, reply, 'demo').dir, headers };
  });
  return { dirs, recorded };
}

const stoppedAt = Date.parse('2026-11-26T06:00:00Z');

describe('the page server after the studio ends a test', () => {
  it('never gives a stopped variant; only its visitors move', () => {
    const before = serve(tested(), stoppedAt - 1000).dirs;
    expect(new Set(before.map((answer) => answer.dir))).toEqual(
      new Set(['demo', 'demo/_v/warm', 'demo/_v/calm']),
    );
    const stopped = stopVariant(tested(), 'landing', 0, stoppedAt, 'UTC');
    const after = serve(stopped, stoppedAt).dirs;
    expect(after.filter((answer) => answer.dir === 'demo/_v/warm')).toEqual([]);
    after.forEach((answer, at) => {
      const was = before[at]?.dir;
      if (was !== 'demo/_v/warm') expect(answer.dir).toBe(was);
    });
    // An hour later still nobody gets it (the end is in the past, not a moment).
    expect(
      serve(stopped, stoppedAt + 3_600_000).dirs.filter((answer) => answer.dir === 'demo/_v/warm'),
    ).toEqual([]);
  });

  it('gives every visitor the page as written, the variant it became, and counts nobody', () => {
    const partner = tested();
    const shipped = makeVariantThePage(partner, 'landing', 0);
    expect(asSaved(shipped).pages.landing).toEqual(
      versionPage(asSaved(partner).pages.landing, 'warm'),
    );
    const { dirs, recorded } = serve(shipped, stoppedAt);
    expect(new Set(dirs.map((answer) => answer.dir))).toEqual(new Set(['demo']));
    // No test any more: no cookie, no "vary", nothing recorded.
    expect(dirs.every((answer) => Object.keys(answer.headers).length === 0)).toBe(true);
    expect(recorded).toEqual([]);
  });
});
