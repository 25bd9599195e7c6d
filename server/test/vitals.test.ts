import { describe, expect, it } from 'vitest';
import type { PageGuardrails } from '../../src/services/generated/api.ts';
import { must, type TestServer, serverForBlock } from './helpers.ts';

/*
 * Issue 28, guardrails from real visitors: POST /api/vitals on both engines (the server and
 * server-postgres projects run this file). A counted visitor's page view of a tested page
 * (partners/showcase.json's landing page) becomes counts only; bots, visitors the test does not
 * count and pages without a test add nothing; concurrent page views all add up; the limit holds;
 * the report reads the counts back as 75th percentiles.
 */
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

interface CountRow {
  partner_id: string;
  page_key: string;
  variant: string;
  day: string;
  metric: string;
  bucket: number | string;
  count: number | string;
}

const sendVitals = (
  server: TestServer,
  body: unknown,
  headers: Record<string, string> = { 'user-agent': BROWSER },
) =>
  fetch(`${server.baseUrl}/api/vitals`, {
    method: 'POST',
    // What navigator.sendBeacon sends for a string body.
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: JSON.stringify(body),
  });

/** A visitor the test counts: given a version of showcase's landing page (and the cookie). */
async function countedVisitor(server: TestServer): Promise<{ cookie: string; version: string }> {
  const answer = await fetch(`${server.baseUrl}/api/page-version?partner=showcase&page=landing`, {
    headers: { 'user-agent': BROWSER },
  });
  const cookie = must(
    /^(hs_visitor=[^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1],
    'a cookie',
  );
  const { version } = (await answer.json()) as { version: string };
  return { cookie, version };
}

const counts = async (server: TestServer) =>
  (
    await server.rows<CountRow>('SELECT * FROM guardrail_counts ORDER BY variant, metric, bucket')
  ).map((row) => ({ ...row, bucket: Number(row.bucket), count: Number(row.count) }));

describe('POST /api/vitals', () => {
  const server = serverForBlock();

  it("adds a counted visitor's page view to the aggregates, and stores nothing of the visitor", async () => {
    const { cookie, version } = await countedVisitor(server);
    const answer = await sendVitals(
      server,
      { partner: 'showcase', page: 'landing', version, lcp: 1234.5, inp: 56, cls: 0, errors: 2 },
      { 'user-agent': BROWSER, cookie },
    );
    expect(answer.status).toBe(204);
    const day = new Date(server.clock.now).toISOString().slice(0, 10);
    const rows = await counts(server);
    const key = { partner_id: 'showcase', page_key: 'landing', variant: version, day };
    expect(rows).toEqual(
      [
        // CLS 0 is under the floor (bucket 0); 1234.5 ms and 56 ms in their log-spaced buckets.
        { ...key, metric: 'cls', bucket: 0, count: 1 },
        { ...key, metric: 'error_views', bucket: 0, count: 1 },
        { ...key, metric: 'errors', bucket: 0, count: 2 },
        { ...key, metric: 'inp', bucket: 70, count: 1 },
        { ...key, metric: 'lcp', bucket: 124, count: 1 },
        { ...key, metric: 'views', bucket: 0, count: 1 },
      ].sort((a, b) => a.metric.localeCompare(b.metric)),
    );
    // The table has no column that could hold the visitor, and no value does.
    const stored = JSON.stringify(await server.rows('SELECT * FROM guardrail_counts'));
    for (const trace of [cookie.split('=')[1] ?? '', 'Mozilla', '127.0.0.1'])
      expect(stored).not.toContain(trace);
    expect(Object.keys(JSON.parse(stored)[0] as object).sort()).toEqual(
      ['bucket', 'count', 'day', 'metric', 'page_key', 'partner_id', 'variant'].sort(),
    );
    await server.rows('DELETE FROM guardrail_counts');
  });

  it('ignores bots, visitors the test does not count, pages without a test and unknown versions', async () => {
    const { cookie, version } = await countedVisitor(server);
    const view = { partner: 'showcase', page: 'landing', version, lcp: 900, errors: 0 };
    const ignored = [
      // A lab tool and a script, even with a visitor's cookie.
      sendVitals(server, view, { 'user-agent': `${BROWSER} HeadlessChrome`, cookie }),
      sendVitals(server, view, { 'user-agent': 'curl/8.5.0', cookie }),
      // No cookie: not a visitor the test counts (a first request, a review address, a partner
      // without the cookie).
      sendVitals(server, view),
      // A page with no test, a version the page does not have, a partner that does not exist.
      sendVitals(
        server,
        { ...view, page: 'springOffer', version: 'control' },
        { 'user-agent': BROWSER, cookie },
      ),
      sendVitals(server, { ...view, version: 'made-up' }, { 'user-agent': BROWSER, cookie }),
      sendVitals(server, { ...view, partner: 'nobody' }, { 'user-agent': BROWSER, cookie }),
    ];
    for (const answer of await Promise.all(ignored)) expect(answer.status).toBe(204);
    // Not JSON at all.
    const garbled = await fetch(`${server.baseUrl}/api/vitals`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': BROWSER, cookie },
      body: 'lcp=900',
    });
    expect(garbled.status).toBe(400);
    expect(await counts(server)).toEqual([]);
  });

  // (A property the contract does not name is dropped by the server's validator, never stored.)
  it('refuses a body that is not a measurement, with a sentence', async () => {
    const { cookie, version } = await countedVisitor(server);
    const headers = { 'user-agent': BROWSER, cookie };
    const base = { partner: 'showcase', page: 'landing', version, errors: 0 };
    for (const body of [
      { ...base, lcp: -1 },
      { ...base, cls: 'none' },
      { ...base, errors: 1.5 },
      { partner: 'showcase', page: 'landing', errors: 0 },
    ]) {
      const answer = await sendVitals(server, body, headers);
      expect(answer.status).toBe(400);
      const error = (await answer.json()) as { error: string; message: string };
      expect(error.error).toBe('invalid_request');
      expect(error.message.length).toBeGreaterThan(10);
    }
    expect(await counts(server)).toEqual([]);
  });

  it('adds up page views sent at the same moment (one atomic upsert each)', async () => {
    const { cookie, version } = await countedVisitor(server);
    const headers = { 'user-agent': BROWSER, cookie };
    const view = { partner: 'showcase', page: 'landing', version, lcp: 2000, errors: 0 };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        sendVitals(server, { ...view, errors: n % 4 === 0 ? 1 : 0 }, headers),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(40).fill(204));
    const rows = await counts(server);
    const total = (metric: string) =>
      rows.filter((row) => row.metric === metric).reduce((sum, row) => sum + row.count, 0);
    expect(total('views')).toBe(40);
    expect(total('lcp')).toBe(40);
    expect(rows.filter((row) => row.metric === 'lcp')).toHaveLength(1);
    expect(total('error_views')).toBe(10);
    expect(total('inp')).toBe(0);
  });

  it("gives the report's tested pages their guardrails: p75 per version and day, and the rule", async () => {
    const report = (await (
      await fetch(`${server.baseUrl}/api/report?partner=showcase`)
    ).json()) as { pages: { pageKey: string; guardrails: PageGuardrails }[] };
    const landing = must(
      report.pages.find((page) => page.pageKey === 'landing'),
      "showcase's landing page in the report",
    );
    const measured = must(
      landing.guardrails.versions.find((version) => version.total.views > 0),
      'a version with page views',
    );
    expect(measured.total.views).toBe(40);
    // 2000 ms read back from its bucket: within 3%.
    expect(Math.abs((measured.total.lcp.p75 ?? 0) / 2000 - 1)).toBeLessThan(0.03);
    expect(measured.total.errorRate).toBe(0.25);
    expect(measured.days).toHaveLength(1);
    expect(landing.guardrails.rule).toMatch(/75th percentile/);
    const text = await (
      await fetch(`${server.baseUrl}/api/report?partner=showcase&format=text`)
    ).text();
    expect(text).toContain('Guardrails from real visitors');
    expect(text).toMatch(/2,0\d\d ms|1,9\d\d ms/);
  });
});

describe('the page-view measurements limit', () => {
  const server = serverForBlock({ limits: 'configured', env: { RATE_LIMIT_VITALS: '3' } });

  it('answers 429 past RATE_LIMIT_VITALS a window, and keeps what came before', async () => {
    const { cookie, version } = await countedVisitor(server);
    const headers = { 'user-agent': BROWSER, cookie };
    const view = { partner: 'showcase', page: 'landing', version, errors: 0 };
    const statuses: number[] = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await sendVitals(server, view, headers)).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const last = await sendVitals(server, view, headers);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await last.json()) as { error: string }).error).toBe('rate_limited');
    const views = await server.rows<{ count: number | string }>(
      "SELECT count FROM guardrail_counts WHERE metric = 'views'",
    );
    expect(views.map((row) => Number(row.count))).toEqual([3]);
  });
});
