import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import type { FunnelReport } from '../../src/services/generated/api.ts';
import { PROJECT_ROOT } from '../app.ts';
import { chiSquareGoodnessOfFit } from '../report/stats.ts';
import { createClock, must, startServer, tempDir, type TestServer } from './helpers.ts';

/*
 * Issue 28's proof on the server, on the project's engine (the server project runs it on SQLite,
 * server-postgres on Postgres): a landing-page test over 20 days where one variant ends on day 5,
 * one starts on day 10, and on day 10 the partner doubles the main variant's weight (a new file,
 * a restart). Each visitor's weights are recorded with their assignment, so the report's split
 * check expects each version exactly as it was live and raises no alarm, where the old check
 * against today's weights would have; dropping a third of one version's rows still raises it.
 */
const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-11-01T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const VISITORS_PER_DAY = 50;

const demo = JSON.parse(
  readFileSync(join(PROJECT_ROOT, 'partners', 'demo.json'), 'utf8'),
) as PartnerConfig;

/** The partner's file: `fastWeight` for the main variant (70 before day 10, 140 from then). */
function splitPartner(fastWeight: number): PartnerConfig {
  const landing = demo.pages.landing;
  const hero = must(
    landing.sections.find((section) => section.type === 'hero'),
    'a hero',
  );
  const title = (text: string) => ({ [hero.id]: { title: text } });
  return {
    ...demo,
    id: 'split',
    name: 'Split check',
    hosts: [],
    pages: {
      ...demo.pages,
      landing: {
        ...landing,
        experiment: {
          controlWeight: 30,
          variants: [
            { id: 'fast', weight: fastWeight, overrides: title('Fast') },
            {
              id: 'ended',
              weight: 50,
              schedule: { end: iso(START + 5 * DAY) },
              overrides: title('Ended'),
            },
            {
              id: 'late',
              weight: 40,
              schedule: { start: iso(START + 10 * DAY) },
              overrides: title('Late'),
            },
          ],
        },
      },
    },
  };
}

const visitorId = (n: number) =>
  createHash('sha256').update(`split visitor ${n}`).digest('base64url').slice(0, 22);

describe(
  'the split check follows what each visitor was assigned under',
  { timeout: 120_000 },
  () => {
    const root = tempDir('homesafe-split-');
    const dataDir = tempDir('homesafe-split-data-');
    const clock = createClock(START);
    let server: TestServer | undefined;
    const live = () => must(server, 'a running server');

    async function start(fastWeight: number) {
      writeFileSync(
        join(root.dir, 'partners', 'split.json'),
        JSON.stringify(splitPartner(fastWeight)),
      );
      await server?.close();
      server = await startServer({
        dir: dataDir.dir,
        clock,
        build: { root: root.dir, staticDir: join(root.dir, 'dist') },
      });
    }

    async function visitDays(days: number, firstVisitor: number) {
      for (let day = 0; day < days; day += 1) {
        await Promise.all(
          Array.from({ length: VISITORS_PER_DAY }, async (_, i) => {
            const n = firstVisitor + day * VISITORS_PER_DAY + i;
            const response = await fetch(`${live().baseUrl}/split`, {
              headers: { 'user-agent': BROWSER, cookie: `hs_visitor=${visitorId(n)}` },
            });
            expect(response.status).toBe(200);
            await response.text();
          }),
        );
        clock.advance(DAY);
      }
      // The page does not wait for its assignment's write: wait here, before a restart or a report.
      const expected = firstVisitor + days * VISITORS_PER_DAY;
      const recorded = async () =>
        Number(
          (
            await live().row<{ n: number | string }>(
              "SELECT COUNT(*) AS n FROM experiment_assignments WHERE partner_id = 'split'",
            )
          )?.n,
        );
      for (let tries = 0; (await recorded()) < expected; tries += 1) {
        if (tries > 200) throw new Error(`${await recorded()} of ${expected} assignments recorded`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    const report = async () => {
      const response = await fetch(`${live().baseUrl}/api/report?partner=split`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as FunnelReport;
      return must(
        body.pages.find((page) => page.pageKey === 'landing'),
        'the landing page in the report',
      );
    };

    beforeAll(async () => {
      for (const dir of ['partners', 'config']) mkdirSync(join(root.dir, dir));
      cpSync(join(PROJECT_ROOT, 'config', 'site.json'), join(root.dir, 'config', 'site.json'));
      cpSync(
        join(PROJECT_ROOT, 'partners', 'default.json'),
        join(root.dir, 'partners', 'default.json'),
      );
      symlinkSync(join(PROJECT_ROOT, 'public'), join(root.dir, 'public'));
      for (const dir of [
        '',
        'split',
        'split/claim-offer',
        ...['fast', 'ended', 'late'].map((v) => `split/_v/${v}`),
      ]) {
        mkdirSync(join(root.dir, 'dist', dir), { recursive: true });
        writeFileSync(
          join(root.dir, 'dist', dir, 'index.html'),
          `<!doctype html><title>${dir}</title>`,
        );
      }
      await start(70);
      await visitDays(10, 0);
      // Day 10: the partner doubles fast's weight; the late variant has just started.
      await start(140);
      await visitDays(10, 10 * VISITORS_PER_DAY);
    });
    afterAll(async () => {
      await server?.close();
      root.remove();
      dataDir.remove();
    });

    it('raises no alarm for an ended variant, a late one and a weight change', async () => {
      const page = await report();
      const visitors = Object.fromEntries(page.versions.map((v) => [v.variant, v.visitors]));
      expect(Object.keys(visitors).sort()).toEqual(['control', 'ended', 'fast', 'late']);
      expect(page.split).toMatchObject({
        mismatch: false,
        test: 'wald',
        basis: 'recorded',
        unrecordedVisitors: 0,
      });
      // The answer follows the contract, anytime comparisons included (none of these visitors
      // signed up: nothing to call yet).
      const fast = must(
        page.versions.find((v) => v.variant === 'fast'),
        'the fast variant',
      );
      expect(fast.steps.signups.anytime?.verdict).toMatch(/^(noDifference|notEnoughData)$/);
      expect(page.comparisons).toBe(12);
      const wrong = await fetch(`${live().baseUrl}/api/report?format=csv`);
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error: 'invalid_request' });
      // Three sets: days 0–4 (all but late), 5–9 (control and fast), 10–19 (control, fast 140, late).
      expect(page.split.weightSets).toBe(3);
      expect(page.split.expected.ended).toBeCloseTo((250 * 50) / 150, 6);
      // The same visitors against today's weights (30/140/50/40), as the report judged them before:
      // a false alarm.
      const naive = chiSquareGoodnessOfFit(
        ['control', 'fast', 'ended', 'late'].map((v) => visitors[v] ?? 0),
        [30, 140, 50, 40],
      );
      expect(naive.pValue).toBeLessThan(0.001);
    });

    it('still flags a real imbalance: a third of one version’s rows dropped', async () => {
      const rows = await live().rows<{ visitor_id: string }>(
        "SELECT visitor_id FROM experiment_assignments WHERE partner_id = 'split' AND variant = 'fast' ORDER BY visitor_id",
      );
      const doomed = rows.filter((_, i) => i % 3 === 0).map((row) => row.visitor_id);
      for (let i = 0; i < doomed.length; i += 100) {
        const batch = doomed.slice(i, i + 100);
        await live().rows(
          `DELETE FROM experiment_assignments WHERE partner_id = 'split' AND visitor_id IN (${batch.map(() => '?').join(', ')})`,
          ...batch,
        );
      }
      const page = await report();
      expect(page.split.mismatch).toBe(true);
      expect(page.split.pValue).toBeLessThan(0.001);
      const text = await (
        await fetch(`${live().baseUrl}/api/report?partner=split&format=text`)
      ).text();
      expect(text).toContain(
        'WARNING: The split of visitors does not match the weights they were given under',
      );
    });
  },
);
