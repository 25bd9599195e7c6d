import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { PROJECT_ROOT } from '../app.ts';
import {
  checkoutBody,
  createClock,
  postJson,
  signup,
  startServer,
  tempDir,
  type TestServer,
} from './helpers.ts';

/*
 * A limited-time offer (offer.schedule): the server opens no checkout before its start or from
 * its end on, and says why in the visitor's words; inside its dates the journey goes on as usual.
 * The pages say the same (src/ui/OfferGate), but the server is what holds.
 */
const start = '2026-12-01T09:00:00-05:00';
const end = '2027-03-31T23:59:00-05:00';
const CREATE = '/api/stripe/api/create-checkout-session';

describe('a limited-time offer on the server', () => {
  const root = tempDir('homesafe-offer-schedule-');
  const clock = createClock(Date.parse(start) - 60_000);
  let server: TestServer;

  beforeAll(async () => {
    mkdirSync(join(root.dir, 'partners'));
    mkdirSync(join(root.dir, 'config'));
    cpSync(join(PROJECT_ROOT, 'config', 'site.json'), join(root.dir, 'config', 'site.json'));
    for (const id of ['default', 'demo']) {
      const partner = JSON.parse(
        readFileSync(join(PROJECT_ROOT, 'partners', `${id}.json`), 'utf8'),
      ) as PartnerConfig;
      if (id === 'demo') partner.offer.schedule = { start, end };
      writeFileSync(join(root.dir, 'partners', `${id}.json`), JSON.stringify(partner));
    }
    symlinkSync(join(PROJECT_ROOT, 'public'), join(root.dir, 'public'));
    server = await startServer({ clock, build: { root: root.dir } });
  });
  afterAll(async () => {
    await server.close();
    root.remove();
  });

  const tryCheckout = async (email: string) =>
    postJson<{ error?: string; message?: string }>(
      server,
      CREATE,
      checkoutBody(await signup(server, email), email),
    );

  it('opens no checkout before the start, and says when the offer opens', async () => {
    const early = await tryCheckout('early@example.com');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      error: 'offer_closed',
      message: 'This offer opens on December 1, 2026.',
    });
  });

  it('opens one from the start until the end', async () => {
    clock.now = Date.parse(start);
    expect((await tryCheckout('first@example.com')).status).toBe(200);
    clock.now = Date.parse(end) - 1;
    expect((await tryCheckout('last@example.com')).status).toBe(200);
  });

  it('opens none from the end on, and says the offer ended', async () => {
    clock.now = Date.parse(end);
    const late = await tryCheckout('late@example.com');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      error: 'offer_closed',
      message: 'This offer ended on March 31, 2027.',
    });
  });
});
