import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { PROJECT_ROOT } from '../app.ts';
import type { FunnelReport } from '../../src/services/generated/api.ts';
import {
  PRODUCTION_TEST_ENV,
  checkoutBody,
  createClock,
  must,
  startServer,
  tempDir,
  testSessionId,
  type TestServer,
} from './helpers.ts';
import { freshPostgresUrl } from './postgres/database.ts';

/*
 * Issue 21's proof on the server: a partner file with a two-version landing page (50/50) and a
 * campaign page that starts tomorrow passes the check; 1,000 scripted visitors across three
 * instances on one Postgres split 50 ± 3 % and each keeps their version on return, on another
 * instance; the report counts their signups and orders per version exactly as the database holds
 * them, and flags a deliberately skewed split.
 */
const DAY = 24 * 60 * 60 * 1000;
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const demo = JSON.parse(
  readFileSync(join(PROJECT_ROOT, 'partners', 'demo.json'), 'utf8'),
) as PartnerConfig;

/** Demo in English only: these tests are about versions and schedules, not languages. */
const englishDemo: PartnerConfig = { ...demo };
delete englishDemo.languages;
delete englishDemo.translations;

function trialPartner(id: string, start: Date, extra: Partial<PartnerConfig> = {}): PartnerConfig {
  const landing = demo.pages.landing;
  const hero = must(
    landing.sections.find((section) => section.type === 'hero'),
    'a hero',
  );
  return {
    ...englishDemo,
    id,
    name: `Trial ${id}`,
    hosts: [],
    ...extra,
    pages: {
      ...demo.pages,
      landing: {
        ...landing,
        experiment: {
          controlWeight: 50,
          variants: [
            {
              id: 'short-hero',
              weight: 50,
              note: 'A shorter promise above the fold',
              overrides: { [hero.id]: { title: 'Fewer falls at home' } },
            },
          ],
        },
      },
      winter: {
        slug: 'winter-offer',
        title: 'Winter offer',
        schedule: { start: start.toISOString().replace('.000Z', 'Z') },
        sections: landing.sections,
      },
    },
  };
}

/** A deterministic, well-formed visitor id (the cookie another instance would have set). */
const visitorId = (n: number) =>
  createHash('sha256').update(`visitor ${n}`).digest('base64url').slice(0, 22);

async function visit(server: TestServer, path: string, cookie?: string, userAgent = BROWSER) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  });
  const body = await response.text();
  const version = /data-version="([^"]+)"/.exec(body)?.[1];
  return { response, body, version, setCookie: response.headers.get('set-cookie') };
}

describe(
  'page versions, schedules and the funnel report across instances',
  { timeout: 60_000 },
  () => {
    const root = tempDir('homesafe-experiments-');
    const clock = createClock(Date.parse('2026-11-25T12:00:00Z'));
    const tomorrow = new Date(clock.now + DAY);
    const servers: TestServer[] = [];
    let databaseUrl = '';

    beforeAll(async () => {
      mkdirSync(join(root.dir, 'partners'));
      mkdirSync(join(root.dir, 'config'));
      cpSync(join(PROJECT_ROOT, 'config', 'site.json'), join(root.dir, 'config', 'site.json'));
      cpSync(
        join(PROJECT_ROOT, 'partners', 'default.json'),
        join(root.dir, 'partners', 'default.json'),
      );
      symlinkSync(join(PROJECT_ROOT, 'public'), join(root.dir, 'public'));
      writeFileSync(
        join(root.dir, 'partners', 'trial.json'),
        JSON.stringify(trialPartner('trial', tomorrow)),
      );
      writeFileSync(
        join(root.dir, 'partners', 'quiet.json'),
        JSON.stringify(trialPartner('quiet', tomorrow, { experimentCookie: false })),
      );
      // The build's pages, each saying which version it is (the real build: tests/e2e).
      const page = (dir: string, version: string) => {
        mkdirSync(join(root.dir, 'dist', dir), { recursive: true });
        writeFileSync(
          join(root.dir, 'dist', dir, 'index.html'),
          `<!doctype html><title>${dir}</title><div data-version="${version}"></div>`,
        );
      };
      for (const id of ['trial', 'quiet']) {
        page(id, 'control');
        page(`${id}/_v/short-hero`, 'short-hero');
        page(`${id}/claim-offer`, 'control');
        page(`${id}/winter-offer`, 'winter');
      }
      page('', 'default');
      databaseUrl = await freshPostgresUrl();
      for (let i = 0; i < 3; i += 1) {
        servers.push(
          await startServer({
            databaseUrl,
            clock,
            build: { root: root.dir, staticDir: join(root.dir, 'dist') },
          }),
        );
      }
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()));
      root.remove();
    });

    const instance = (n: number) => must(servers[n % 3], 'an instance');

    it('passes the partner check: two versions of the landing page, a campaign page from tomorrow', () => {
      const loaded = loadConfig({ root: root.dir });
      expect(loaded.problems).toEqual([]);
      expect(loaded.partners.map((partner) => partner.id).sort()).toEqual([
        'default',
        'quiet',
        'trial',
      ]);
    });

    it('splits 1,000 visitors 50 ± 3 % over three instances, each keeping their version on return', async () => {
      // In batches of 25 visitors at once.
      const inBatches = async (each: (n: number) => Promise<void>) => {
        for (let start = 0; start < 1000; start += 25) {
          await Promise.all(Array.from({ length: 25 }, (_, offset) => each(start + offset)));
        }
      };
      const first: string[] = [];
      await inBatches(async (n) => {
        const { version } = await visit(instance(n), '/trial', `hs_visitor=${visitorId(n)}`);
        first[n] = must(version, 'a version');
      });
      const variant = first.filter((version) => version === 'short-hero').length;
      expect(first.filter((version) => version === 'control').length + variant).toBe(1000);
      expect(variant).toBeGreaterThanOrEqual(470);
      expect(variant).toBeLessThanOrEqual(530);
      // Back again, each on another instance than the first time.
      const returned: string[] = [];
      await inBatches(async (n) => {
        const { version } = await visit(instance(n + 1), '/trial', `hs_visitor=${visitorId(n)}`);
        returned[n] = must(version, 'a version');
      });
      expect(returned).toEqual(first);
      // Recorded once per visitor and page (the writes do not hold up the pages).
      await expect
        .poll(
          async () =>
            (
              await servers[0]?.rows<{ n: number | string }>(
                "SELECT COUNT(*) AS n FROM experiment_assignments WHERE partner_id = 'trial'",
              )
            )?.[0]?.n,
          { timeout: 10_000 },
        )
        .toEqual(1000);
    });

    it('gives a new visitor a first-party cookie that keeps their version', async () => {
      const arrival = await visit(instance(0), '/trial');
      const cookie = must(arrival.setCookie, 'a cookie');
      expect(cookie).toMatch(
        /^hs_visitor=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=15552000; SameSite=Lax; HttpOnly/,
      );
      expect(arrival.response.headers.get('cache-control')).toBe('private, no-cache');
      expect(arrival.response.headers.get('vary')).toContain('cookie');
      const pair = cookie.split(';')[0] ?? '';
      for (let n = 1; n <= 3; n += 1) {
        const again = await visit(instance(n), '/trial', pair);
        expect(again.version).toBe(arrival.version);
        expect(again.setCookie).toBeNull();
      }
    });

    it('shows the control to bots and to visitors of a partner without the cookie, and counts neither', async () => {
      const visitAs = (n: number, userAgent: string) =>
        visit(instance(n), '/trial', undefined, userAgent);
      const lighthouse = await visitAs(
        0,
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 Chrome-Lighthouse',
      );
      expect(lighthouse.version).toBe('control');
      expect(lighthouse.setCookie).toBeNull();
      const crawler = await visitAs(1, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
      expect(crawler.version).toBe('control');
      // A script (not a browser: no Mozilla/ user agent) is not a visitor either.
      const script = await visitAs(2, 'curl/8.5.0');
      expect(script.version).toBe('control');
      expect(script.setCookie).toBeNull();
      for (let n = 0; n < 20; n += 1) {
        const quiet = await visit(instance(n), '/quiet', `hs_visitor=${visitorId(n)}`);
        expect(quiet.version).toBe('control');
        expect(quiet.setCookie).toBeNull();
      }
      expect(
        await servers[0]?.rows("SELECT * FROM experiment_assignments WHERE partner_id = 'quiet'"),
      ).toEqual([]);
    });

    it('shows a version for review with ?variant=, uncounted and uncached', async () => {
      const before = await servers[0]?.row<{ n: number | string }>(
        'SELECT COUNT(*) AS n FROM experiment_assignments',
      );
      const review = await visit(instance(2), '/trial?variant=short-hero');
      expect(review.version).toBe('short-hero');
      expect(review.setCookie).toBeNull();
      expect(review.response.headers.get('cache-control')).toBe('no-store');
      expect((await visit(instance(2), '/trial?variant=control')).version).toBe('control');
      const after = await servers[0]?.row<{ n: number | string }>(
        'SELECT COUNT(*) AS n FROM experiment_assignments',
      );
      expect(after?.n).toBe(before?.n);
    });

    it('sends a campaign page to the landing page until it starts, then serves it', async () => {
      const early = await visit(instance(0), '/trial/winter-offer?utm_source=mail');
      expect(early.response.status).toBe(302);
      expect(early.response.headers.get('location')).toBe('/trial?utm_source=mail');
      // Reviewable before it starts.
      expect((await visit(instance(0), '/trial/winter-offer?variant=control')).version).toBe(
        'winter',
      );
      clock.advance(DAY - 1);
      expect((await visit(instance(1), '/trial/winter-offer')).response.status).toBe(302);
      clock.advance(1);
      const live = await visit(instance(2), '/trial/winter-offer');
      expect(live.response.status).toBe(200);
      expect(live.version).toBe('winter');
    });

    it("reports each version's signups and orders exactly as the database holds them", async () => {
      // Every 4th visitor signs up, every 8th opens a checkout, every 16th pays (test checkout).
      for (let n = 0; n < 1000; n += 4) {
        const server = instance(n);
        const cookie = `hs_visitor=${visitorId(n)}`;
        const email = `visitor-${n}@example.com`;
        const signup = await fetch(`${server.baseUrl}/api/landing/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ email, captchaToken: 'local:landing_signup', referral: 'trial' }),
        });
        expect(signup.status).toBe(200);
        if (n % 8 !== 0) continue;
        const { actionToken } = (await signup.json()) as { actionToken: string };
        const checkout = await fetch(
          `${instance(n + 1).baseUrl}/api/stripe/api/create-checkout-session`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify(checkoutBody(actionToken, email)),
          },
        );
        expect(checkout.status).toBe(200);
        if (n % 16 !== 0) continue;
        const { clientSecret } = (await checkout.json()) as { clientSecret: string };
        const paid = await fetch(
          `${instance(n + 2).baseUrl}/api/test-payments/${testSessionId(clientSecret)}/pay`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
        );
        expect(paid.status).toBe(200);
      }
      const response = await fetch(`${instance(1).baseUrl}/api/report?partner=trial`);
      expect(response.status).toBe(200);
      const report = (await response.json()) as FunnelReport;
      const landing = must(
        report.pages.find((page) => page.partnerId === 'trial' && page.pageKey === 'landing'),
        'the landing page in the report',
      );
      expect(landing.split.mismatch).toBe(false);
      const count = async (sql: string, variant: string) =>
        Number((await servers[0]?.row<{ n: number | string }>(sql, variant))?.n);
      for (const version of landing.versions) {
        const held = {
          visitors: await count(
            "SELECT COUNT(*) AS n FROM experiment_assignments WHERE partner_id = 'trial' AND page_key = 'landing' AND variant = ?",
            version.variant,
          ),
          signups: await count(
            "SELECT COUNT(DISTINCT s.visitor_id) AS n FROM signups s JOIN experiment_assignments a ON a.visitor_id = s.visitor_id AND a.partner_id = s.partner_id WHERE a.page_key = 'landing' AND a.variant = ?",
            version.variant,
          ),
          checkouts: await count(
            "SELECT COUNT(DISTINCT o.visitor_id) AS n FROM orders o JOIN experiment_assignments a ON a.visitor_id = o.visitor_id AND a.partner_id = o.partner_id WHERE a.page_key = 'landing' AND a.variant = ?",
            version.variant,
          ),
          completed: await count(
            "SELECT COUNT(DISTINCT o.visitor_id) AS n FROM orders o JOIN experiment_assignments a ON a.visitor_id = o.visitor_id AND a.partner_id = o.partner_id WHERE a.page_key = 'landing' AND a.variant = ? AND o.status = 'completed'",
            version.variant,
          ),
        };
        expect({
          visitors: version.visitors,
          signups: version.steps.signups.count,
          checkouts: version.steps.checkouts.count,
          completed: version.steps.completed.count,
        }).toEqual(held);
      }
      const [control, variant] = landing.versions;
      // Both versions are in the report, with the scripted numbers: 250 signups, 125 checkouts,
      // 63 payments in all.
      expect(landing.versions.map((version) => version.variant)).toEqual(['control', 'short-hero']);
      const total = (key: 'signups' | 'checkouts' | 'completed') =>
        (control?.steps[key].count ?? 0) + (variant?.steps[key].count ?? 0);
      expect([total('signups'), total('checkouts'), total('completed')]).toEqual([250, 125, 63]);
      expect(variant?.steps.signups.difference?.interval.low).toBeLessThan(0);
      expect(variant?.steps.signups.difference?.interval.high).toBeGreaterThan(0);
    });

    it('flags a deliberately skewed split', async () => {
      // 300 more control visitors that no weight explains (a broken assignment would look so).
      for (let n = 0; n < 300; n += 1) {
        await servers[0]?.rows(
          "INSERT INTO experiment_assignments (visitor_id, partner_id, page_key, variant, campaign, day, created_at, weights_key) VALUES (?, 'trial', 'landing', 'control', NULL, '2026-11-25', ?, 'control:50,short-hero:50')",
          `skewed-${n}`,
          clock.now,
        );
      }
      const report = (await (
        await fetch(`${instance(0).baseUrl}/api/report?partner=trial`)
      ).json()) as FunnelReport;
      const landing = report.pages.find((page) => page.pageKey === 'landing');
      expect(landing?.split.mismatch).toBe(true);
      expect(landing?.split.pValue).toBeLessThan(0.001);
      const text = await (
        await fetch(`${instance(0).baseUrl}/api/report?partner=trial&format=text`)
      ).text();
      expect(text).toContain('WARNING: The split of visitors does not match the weights');
    });
  },
);

describe('the report endpoint', () => {
  it('is refused in production without REPORT_TOKEN, and asks for the token when there is one', async () => {
    const production = await startServer({
      env: PRODUCTION_TEST_ENV,
    });
    try {
      const refused = await fetch(`${production.baseUrl}/api/report`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'unauthorized' });
    } finally {
      await production.close();
    }
    const token = 'a-report-token-of-enough-length';
    const guarded = await startServer({ env: { REPORT_TOKEN: token } });
    try {
      expect((await fetch(`${guarded.baseUrl}/api/report`)).status).toBe(401);
      const wrong = await fetch(`${guarded.baseUrl}/api/report`, {
        headers: { authorization: 'Bearer not-the-report-token-at-all' },
      });
      expect(wrong.status).toBe(401);
      const allowed = await fetch(`${guarded.baseUrl}/api/report`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(allowed.status).toBe(200);
      expect(await allowed.json()).toMatchObject({ pages: [] });
    } finally {
      await guarded.close();
    }
  });
});
