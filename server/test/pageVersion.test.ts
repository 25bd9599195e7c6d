import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { assignVersion, drawScope, liveVersions } from '../../src/config/experiments.ts';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { PROJECT_ROOT } from '../app.ts';
import { must, serverForBlock, startServer, tempDir } from './helpers.ts';

/*
 * GET /api/page-version: the claim-offer page opens inside the app after signup, so the app asks
 * the server which version of it the visitor is in (partners/showcase.json runs a test there).
 * The answer is the one a page load would give, sticky by the cookie, and counted the same way.
 */
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('the page-version call', () => {
  const server = serverForBlock();

  const ask = (query: string, headers: Record<string, string> = { 'user-agent': BROWSER }) =>
    fetch(`${server.baseUrl}/api/page-version?${query}`, { headers });

  it('puts a new visitor in a version, sets the cookie, records them once, and answers the same on return', async () => {
    const first = await ask('partner=showcase&page=claimOffer');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const cookie = must(first.headers.get('set-cookie'), 'a cookie');
    const visitorId = must(/^hs_visitor=([^;]+)/.exec(cookie)?.[1], 'a visitor id');
    const { version } = (await first.json()) as { page: string; version: string };
    const showcase = must(
      loadConfig({ root: PROJECT_ROOT }).partners.find((partner) => partner.id === 'showcase'),
      'showcase',
    );
    // The same rule the page server uses, so a later load of the page shows this version.
    expect(version).toBe(
      assignVersion(
        visitorId,
        drawScope(
          'showcase',
          'claimOffer',
          must(showcase.pages.claimOffer.experiment, 'a test on the page'),
        ),
        liveVersions(showcase.pages.claimOffer, server.clock.now),
      ),
    );
    for (let n = 0; n < 3; n += 1) {
      const again = await ask('partner=showcase&page=claimOffer', {
        'user-agent': BROWSER,
        cookie: `hs_visitor=${visitorId}`,
      });
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(await again.json()).toEqual({ page: 'claimOffer', version });
    }
    await expect
      .poll(
        () =>
          server.rows<{ variant: string }>(
            'SELECT variant FROM experiment_assignments WHERE visitor_id = ? AND page_key = ?',
            visitorId,
            'claimOffer',
          ),
        { timeout: 5000 },
      )
      .toEqual([{ variant: version }]);
  });

  it('gives a bot, a partner without the cookie and a page without a test the control, with no cookie', async () => {
    const bot = await ask('partner=showcase&page=claimOffer', { 'user-agent': 'curl/8.5.0' });
    expect(await bot.json()).toEqual({ page: 'claimOffer', version: 'control' });
    expect(bot.headers.get('set-cookie')).toBeNull();
    const plain = await ask('partner=demo&page=claimOffer');
    expect(await plain.json()).toEqual({ page: 'claimOffer', version: 'control' });
    expect(plain.headers.get('set-cookie')).toBeNull();
  });

  it('explains an unknown partner or page, and refuses a malformed question', async () => {
    const unknown = await ask('partner=nobody&page=claimOffer');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: 'not_found',
      message: 'There is no such page of this partner.',
    });
    expect((await ask('partner=showcase&page=nothing')).status).toBe(404);
    expect((await ask('partner=Show%20case&page=claimOffer')).status).toBe(400);
    expect((await ask('partner=showcase')).status).toBe(400);
  });
});

describe('a later test on the page (a seed per test)', () => {
  const partners = loadConfig({ root: PROJECT_ROOT }).partners;
  const showcase = must(
    partners.find((partner) => partner.id === 'showcase'),
    'showcase',
  );
  const running = must(showcase.pages.claimOffer.experiment, 'a test on the page');
  const withSeed: PartnerConfig = {
    ...showcase,
    pages: {
      ...showcase.pages,
      claimOffer: {
        ...showcase.pages.claimOffer,
        experiment: { ...running, seed: 'claim-offer-second', hashVersion: 2 },
      },
    },
  };

  it('records a returning visitor again under the new test, in the version its seed draws', async () => {
    // The same visitor, first under the test running today, then on a server whose file gives
    // the page a new test with a seed (the same database).
    const folder = tempDir();
    const first = await startServer({ dir: folder.dir });
    const visitorId = 'AAAAAAAAAAAAAAAAAAAAAA';
    const ask = async (server: typeof first) => {
      const response = await fetch(
        `${server.baseUrl}/api/page-version?partner=showcase&page=claimOffer`,
        { headers: { 'user-agent': BROWSER, cookie: `hs_visitor=${visitorId}` } },
      );
      return ((await response.json()) as { version: string }).version;
    };
    const recorded = (server: typeof first) =>
      server.rows<{ variant: string; test: string }>(
        'SELECT variant, test FROM experiment_assignments WHERE visitor_id = ? ORDER BY test',
        visitorId,
      );
    let second: typeof first | undefined;
    try {
      const before = await ask(first);
      await expect
        .poll(() => recorded(first), { timeout: 5000 })
        .toEqual([{ variant: before, test: '' }]);
      await first.close();
      second = await startServer({
        dir: first.dir,
        build: { partners: [...partners.filter((p) => p.id !== 'showcase'), withSeed] },
      });
      const after = await ask(second);
      const experiment = must(withSeed.pages.claimOffer.experiment, 'the new test');
      expect(after).toBe(
        assignVersion(
          visitorId,
          drawScope('showcase', 'claimOffer', experiment),
          liveVersions(withSeed.pages.claimOffer, second.clock.now),
        ),
      );
      await expect
        .poll(() => recorded(must(second, 'a server')), { timeout: 5000 })
        .toEqual([
          { variant: before, test: '' },
          { variant: after, test: '2:claim-offer-second' },
        ]);
    } finally {
      await second?.close();
      if (!second) await first.close();
      folder.remove();
    }
  });
});
