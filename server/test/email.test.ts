import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { PROJECT_ROOT } from '../app.ts';
import { howItWorksCards, renderInstructionsEmail } from '../email/instructionsEmail.ts';
import { escapeHtml } from '../email/escape.ts';
import { formatOutboxEmail } from '../email/formatOutbox.ts';
import { databaseTarget } from '../storage/database.ts';
import { openRepository } from '../storage/kyselyRepository.ts';
import { startFakeSmtp, type FakeSmtp } from './fakeSmtp.ts';
import {
  completeBody,
  jwtPayload,
  freeClaimToken,
  must,
  paidClaimToken,
  postJson,
  serverForBlock,
  startServer,
  VALID_PROFILE,
  type TestServer,
} from './helpers.ts';

const partners = loadConfig({ root: PROJECT_ROOT }).partners;
const partner = (id: string) => {
  const found = partners.find((p) => p.id === id);
  if (!found) throw new Error(`partner ${id} missing`);
  return found;
};

interface OutboxRow {
  to_address: string;
  subject: string;
  html: string;
  text: string;
  partner_id: string;
  report_id: string;
  status: string;
}

describe('instructions email template', () => {
  const base = {
    productName: 'HomeSafe Scan',
    homeName: "Mom's house",
    reportId: 'report-123',
    scanUrl: 'https://scan.example.test/scan?report=report-123',
    publicBaseUrl: 'https://scan.example.test',
    helpHref: 'mailto:help@homesafe-scan.example',
  };

  it('is branded with the partner name, colour, logo and the three how-it-works steps', () => {
    const lowes = partner('lowes');
    const email = renderInstructionsEmail({ ...base, partner: lowes });
    expect(email.subject).toBe(
      `Your HomeSafe Scan from ${lowes.name} is ready: here is how to start`,
    );
    // A PNG (mail programs do not show SVG), drawn at build, by its absolute address.
    expect(email.html).toContain('src="https://scan.example.test/images/generated/lowes/logo.png"');
    expect(email.html).not.toContain('.svg');
    expect(email.html).toContain(`background:${lowes.theme.brandColor}`);
    for (const card of howItWorksCards(lowes)) {
      expect(email.text).toContain(card.title);
      expect(email.text).toContain(card.description);
    }
    expect(email.text).toContain('1. Open the link on your phone');
    expect(email.text).toContain('walk through the home room by room, answer a few questions');
    expect(email.text).toContain('receive your action plan');
    expect(email.html).toContain(escapeHtml(howItWorksCards(lowes)[0]!.title));
    expect(email.text).toContain(base.scanUrl);
    expect(email.text).toContain('help@homesafe-scan.example');
    expect(email.html).toContain('href="https://scan.example.test/scan?report=report-123"');
  });

  it('does not say "HomeSafe Scan from HomeSafe Scan" for the default partner', () => {
    const email = renderInstructionsEmail({ ...base, partner: partner('default') });
    expect(email.subject).toBe('Your HomeSafe Scan is ready: here is how to start');
  });

  it('escapes what the visitor typed', () => {
    const email = renderInstructionsEmail({
      ...base,
      partner: partner('demo'),
      homeName: '<img src=x onerror=alert(1)>&"',
    });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;&amp;&quot;');
    // Plain text is not HTML: it carries the name as typed.
    expect(email.text).toContain('<img src=x onerror=alert(1)>&"');
  });
});

describe('outbox without SMTP', () => {
  const server = serverForBlock();

  it('stores exactly one branded email per completed profile, addressed to the buyer', async () => {
    const instructions = "SELECT * FROM outbox WHERE kind = 'instructions' ORDER BY id";
    const before = (await server.rows(instructions)).length;
    const demo = await paidClaimToken(server, 'demo-buyer@example.com', 'demo');
    const lowes = await paidClaimToken(server, 'lowes-buyer@example.com', 'lowes');
    expect(
      (await postJson(server, '/api/landing/complete', completeBody(demo.claimToken))).status,
    ).toBe(201);
    expect(
      (
        await postJson(
          server,
          '/api/landing/complete',
          completeBody(lowes.claimToken, { ...VALID_PROFILE, streetAddressLine1: 'Dad’s place' }),
        )
      ).status,
    ).toBe(201);

    const rows = (await server.rows(instructions)) as OutboxRow[];
    expect(rows.length - before).toBe(2);
    const [demoEmail, lowesEmail] = rows.slice(before);
    expect(demoEmail).toMatchObject({
      to_address: 'demo-buyer@example.com',
      partner_id: 'demo',
      report_id: jwtPayload(demo.claimToken).reportID,
      status: 'stored',
    });
    expect(demoEmail?.subject).toContain('Demo Partner');
    expect(demoEmail?.html).toContain('Demo Partner');
    expect(demoEmail?.text).toContain("Mom's house");
    expect(demoEmail?.text).toContain(
      `https://scan.example.test/api/dev/scan?report=${String(jwtPayload(demo.claimToken).reportID)}`,
    );

    expect(lowesEmail).toMatchObject({
      to_address: 'lowes-buyer@example.com',
      partner_id: 'lowes',
      status: 'stored',
    });
    expect(lowesEmail?.html).toContain('Lowe&#39;s');
    expect(lowesEmail?.text).toContain('Dad’s place');
    expect(lowesEmail?.html).not.toContain('Demo Partner');
  });

  it('lists the outbox on the development page, escaped and sandboxed', async () => {
    const hostile = await paidClaimToken(server, 'hostile@example.com', 'demo');
    const name = '<script>alert("x")</script>';
    const done = await postJson(
      server,
      '/api/landing/complete',
      completeBody(hostile.claimToken, { ...VALID_PROFILE, streetAddressLine1: name }),
    );
    expect(done.status).toBe(201);

    const response = await fetch(`${server.baseUrl}/api/dev/outbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'none'");
    const page = await response.text();
    expect(page).toContain('hostile@example.com');
    expect(page).not.toContain('<script>');
    expect(page).toContain('sandbox=""');
    // Latest first.
    expect(page.indexOf('hostile@example.com')).toBeLessThan(
      page.indexOf('demo-buyer@example.com'),
    );
  });

  it('prints emails for the outbox command', async () => {
    const repo = await openRepository(databaseTarget(server.config));
    const rows = await repo.listOutbox(1);
    await repo.close();
    const latest = must(rows[0], 'an outbox email');
    const printed = formatOutboxEmail(latest, false);
    expect(printed).toContain('To:      hostile@example.com');
    expect(printed).toContain('Subject: Your HomeSafe Scan from Demo Partner is ready');
    expect(printed).not.toContain('--- HTML ---');
    expect(formatOutboxEmail(latest, true)).toContain('--- HTML ---');
  });
});

describe('outbox with SMTP', () => {
  let smtp: FakeSmtp;
  let server: TestServer | undefined;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(() => smtp.close());

  it('delivers the queued email over SMTP and marks it sent; no dev outbox page', async () => {
    server = await startServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'HomeSafe Scan <hello@scan.example.test>' },
    });
    const { claimToken } = await freeClaimToken(server, 'smtp-buyer@example.com', 'cor-freedom');
    expect((await postJson(server, '/api/landing/complete', completeBody(claimToken))).status).toBe(
      201,
    );

    // Waits for the delivery; the bound only stops a hang (the test's time-out is longer).
    const deadline = Date.now() + 20_000;
    let row: OutboxRow | undefined;
    while (Date.now() < deadline) {
      row = (await server.row("SELECT * FROM outbox WHERE kind = 'instructions'")) as
        OutboxRow | undefined;
      if (row?.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(row?.status).toBe('sent');
    // The confirmation (queued when the claim was confirmed), then the instructions.
    expect(smtp.received).toHaveLength(2);
    const mail = must(smtp.received[1], 'a received mail');
    expect(mail.from).toContain('hello@scan.example.test');
    expect(mail.to.join()).toContain('smtp-buyer@example.com');
    expect(mail.data).toContain('Subject: Your HomeSafe Scan from Cor Freedom Care');

    expect((await fetch(`${server.baseUrl}/api/dev/outbox`)).status).toBe(404);
  });
});
