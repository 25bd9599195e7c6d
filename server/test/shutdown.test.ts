import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, databaseTarget } from '../storage/database.ts';
import { startFakeSmtp, type FakeSmtp } from './fakeSmtp.ts';
import { completeBody, inspector, RELAXED_LIMITS, RETURN_URL, tempDir } from './helpers.ts';
import { freshPostgresUrl, testEngine } from './postgres/database.ts';
import { startServerProcess } from './serverProcess.ts';

/**
 * Issue 23, part 4: SIGTERM under load loses nothing. The real server process (SQLite, or the
 * project's Postgres) serves visitors' journeys from several clients at once; SIGTERM arrives in
 * the middle. Every answer that arrives is whole; every signup and profile answered as stored is
 * in the database; the process exits 0 within SHUTDOWN_TIMEOUT_MS; each email is sent once or
 * left pending with no lease, for the next instance to send at once.
 */

// Wide: what is checked is that the requests in flight finish and the exit is clean, not how fast
// a busy machine drains them.
const SHUTDOWN_TIMEOUT_MS = 15_000;
const CLIENTS = 16;
/** SIGTERM comes once this many answers arrived (at most after LOAD_BOUND_MS). */
const ANSWERS_BEFORE_SIGNAL = CLIENTS * 4;
const LOAD_BOUND_MS = 20_000;

interface Outcome {
  step: 'signup' | 'checkout' | 'pay' | 'status' | 'complete';
  email: string;
  status?: number;
  /** The answer's body parsed as JSON (a whole answer), or the reason it did not parse. */
  body?: Record<string, unknown>;
  broken?: string;
  failure?: string;
}

async function call(
  baseUrl: string,
  outcome: Outcome,
  method: string,
  path: string,
  body?: unknown,
): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(SHUTDOWN_TIMEOUT_MS * 2),
    });
    outcome.status = response.status;
    const text = await response.text().catch((error: unknown) => {
      outcome.broken = `body cut off: ${String(error)}`;
      return '';
    });
    try {
      outcome.body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      outcome.broken ??= `not JSON: ${text.slice(0, 200)}`;
    }
  } catch (error) {
    // No answer at all (refused or closed before one): allowed, the visitor's client retries.
    outcome.failure = String((error as { cause?: unknown }).cause ?? error);
  }
  return outcome;
}

/** One visitor's journey, step by step, stopping at the first step without a 2xx answer. */
async function journey(baseUrl: string, email: string, outcomes: Outcome[]): Promise<void> {
  const step = async (
    name: Outcome['step'],
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown> | undefined> => {
    const outcome = await call(baseUrl, { step: name, email }, method, path, body);
    outcomes.push(outcome);
    const ok = outcome.status !== undefined && outcome.status < 300 && !outcome.broken;
    return ok ? outcome.body : undefined;
  };
  const signup = await step('signup', 'POST', '/api/landing/signup', {
    email,
    captchaToken: 'local:landing_signup',
    referral: 'demo',
  });
  if (!signup) return;
  const checkout = await step('checkout', 'POST', '/api/stripe/api/create-checkout-session', {
    customer_email: email,
    customerId: null,
    return_url: RETURN_URL,
    campaignId: 'demo-dev',
    actionToken: signup.actionToken,
    forceNewSession: true,
  });
  if (!checkout) return;
  const sessionId = String(checkout.clientSecret).replace(/^test_secret_/, '');
  const paid = await step('pay', 'POST', `/api/test-payments/${sessionId}/pay`, {});
  if (!paid) return;
  const returnUrl = new URL(String(paid.returnUrl));
  const query = new URLSearchParams({
    orderId: returnUrl.searchParams.get('orderId') ?? '',
    t: returnUrl.searchParams.get('t') ?? '',
  });
  const status = await step('status', 'GET', `/api/stripe/api/checkout-status?${query}`);
  if (typeof status?.claimToken !== 'string') return;
  await step('complete', 'POST', '/api/landing/complete', completeBody(status.claimToken));
}

describe(`SIGTERM under load (${testEngine()})`, () => {
  let smtp: FakeSmtp;
  const temp = tempDir();
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    temp.remove();
  });

  it('finishes the requests in flight, loses no signup, order or email, and exits 0 in time', async () => {
    const databasePath = join(temp.dir, 'homesafe.db');
    const databaseUrl = testEngine() === 'postgres' ? await freshPostgresUrl() : undefined;
    const { child, port } = await startServerProcess({
      ...RELAXED_LIMITS,
      DATABASE_PATH: databasePath,
      DATABASE_URL: databaseUrl ?? '',
      TOKEN_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'HomeSafe Scan <hello@scan.example.test>',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      PUBLIC_BASE_URL: 'https://scan.example.test',
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const exited = new Promise<{ code: number | null }>((resolve) =>
      child.once('exit', (code) => resolve({ code })),
    );
    let gone = false;
    void exited.then(() => (gone = true));

    const outcomes: Outcome[] = [];
    const loadEnds = Date.now() + LOAD_BOUND_MS + SHUTDOWN_TIMEOUT_MS * 2;
    const answeredCount = () => outcomes.filter((outcome) => outcome.status !== undefined).length;
    let visitor = 0;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (!gone && Date.now() < loadEnds) {
        visitor += 1;
        await journey(baseUrl, `sigterm-${visitor}@example.com`, outcomes);
      }
    });
    const signalBound = Date.now() + LOAD_BOUND_MS;
    while (answeredCount() < ANSWERS_BEFORE_SIGNAL && Date.now() < signalBound) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answeredBefore = answeredCount();
    child.kill('SIGTERM');
    const { code } = await exited;
    await Promise.all(clients);

    // Exit code 0 is the server's own word that it finished within SHUTDOWN_TIMEOUT_MS: past it,
    // it exits 1 (server/main.ts). The test times nothing itself.
    expect(code).toBe(0);
    // There was load when the signal came, and work was in progress across it.
    expect(answeredBefore).toBeGreaterThanOrEqual(ANSWERS_BEFORE_SIGNAL);
    expect(outcomes.length).toBeGreaterThan(answeredBefore);
    const answered = outcomes.filter((outcome) => outcome.status !== undefined);
    // Every answer that arrived is whole and a success: nothing was cut off or refused halfway.
    expect(answered.filter((outcome) => outcome.broken)).toEqual([]);
    expect(answered.filter((outcome) => (outcome.status ?? 0) >= 300)).toEqual([]);

    // What was answered as stored is in the database.
    const connected = connectDatabase(
      databaseTarget({ databaseUrl, databasePath, databasePoolSize: 1 }),
    );
    try {
      const rows = inspector(connected.db, testEngine());
      const emailsOf = async (sqlText: string) =>
        new Set((await rows<{ email: string }>(sqlText)).map((row) => row.email));
      const signups = await emailsOf('SELECT email FROM signups');
      const completed = await emailsOf(
        "SELECT email FROM orders WHERE status = 'completed' AND report_id IS NOT NULL",
      );
      const stepsDone = (step: Outcome['step']) =>
        answered.filter((outcome) => outcome.step === step).map((outcome) => outcome.email);
      expect(stepsDone('signup').filter((email) => !signups.has(email))).toEqual([]);
      expect(stepsDone('status').filter((email) => !completed.has(email))).toEqual([]);
      const profiles = stepsDone('complete');
      expect(profiles.length).toBeGreaterThan(0);

      // Each queued email (an order's confirmation, a stored profile's instructions): sent exactly
      // once, or pending with no lease held. An address has up to two, so its mails received
      // equal its rows sent.
      const outbox = await rows<{ to_address: string; status: string; locked_until: unknown }>(
        'SELECT to_address, status, locked_until FROM outbox',
      );
      const queued = new Set(outbox.map((row) => row.to_address));
      expect(profiles.filter((email) => !queued.has(email))).toEqual([]);
      for (const address of queued) {
        const received = smtp.received.filter((mail) => mail.to.join().includes(address)).length;
        const own = outbox.filter((row) => row.to_address === address);
        const sent = own.filter((row) => row.status === 'sent').length;
        expect(received, address).toBe(sent);
        for (const row of own.filter((row) => row.status !== 'sent'))
          expect(row).toEqual({ ...row, status: 'pending', locked_until: null });
      }
    } finally {
      await connected.db.destroy();
    }
  }, 60_000);
});
