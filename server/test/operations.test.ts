import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SETTINGS } from '../config.ts';
import { HEALTH_DB_TIMEOUT_MS } from '../routes/health.ts';
import { docsFile, withCurrentTable } from '../../tools/docs/settingsTable.ts';
import { checkDeployment } from '../deployCheck.ts';
import type { Repository } from '../storage/repository.ts';
import { openRepository } from '../storage/kyselyRepository.ts';
import {
  PRODUCTION_TEST_ENV,
  confirmFreeClaim,
  createCheckout,
  getJson,
  postJson,
  serverForBlock,
  signup,
  startServer,
  tempDir,
  testPayment,
  type TestServer,
} from './helpers.ts';
import { freePort } from '../../tools/freePort.ts';

/** Running the API in production: readiness, metrics, request ids, and the settings check. */

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

/** A real SQLite repository whose ping fails (or never answers), as an unreachable database. */
async function brokenDatabase(dir: string, ping: () => Promise<void>): Promise<Repository> {
  const repo = await openRepository({ engine: 'sqlite', path: join(dir, 'broken.db') });
  return Object.assign(Object.create(null) as object, repo, { ping });
}

const metricsText = async (server: TestServer, token = METRICS_TOKEN) =>
  (
    await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  ).text();

function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('GET /health (readiness)', () => {
  const servers: TestServer[] = [];
  const temp = tempDir();
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  afterAll(() => temp.remove());

  it('answers 200 with the database up, on /health and /api/health', async () => {
    const server = await startServer();
    servers.push(server);
    for (const path of ['/health', '/api/health']) {
      const response = await getJson(server, path);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true, database: 'up' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 503 when the database does not answer, so the balancer moves on', async () => {
    const server = await startServer({
      build: {
        repository: await brokenDatabase(temp.dir, async () => {
          throw new Error('connection refused');
        }),
      },
    });
    servers.push(server);
    const response = await getJson(server, '/health');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ ok: false, database: 'down' });
  });

  it(
    'answers 503 within its time limit when the database hangs',
    async () => {
      const server = await startServer({
        build: { repository: await brokenDatabase(temp.dir, () => new Promise(() => undefined)) },
      });
      servers.push(server);
      const response = await getJson(server, '/api/health');
      expect(response.status).toBe(503);
      // The ping never answers, so this answer can only come from health's own time limit; a hang
      // is caught by the test's time-out (derived from that limit), not by a stopwatch.
      expect(response.body).toEqual({ ok: false, database: 'down' });
    },
    HEALTH_DB_TIMEOUT_MS * 10,
  );
});

describe('GET /metrics (Prometheus)', () => {
  const server = serverForBlock({ env: { METRICS_TOKEN } });

  it('refuses a scraper without the token, in the error format', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', METRICS_TOKEN]) {
      const response = await fetch(`${server.baseUrl}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });
    }
  });

  it('counts requests per route pattern and status, with their latency', async () => {
    const before = await metricsText(server);
    const count = (text: string) =>
      sample(
        text,
        'http_request_duration_seconds_count',
        'method="GET",route="/api/stripe/api/checkout-status",status_code="404"',
      ) ?? 0;
    for (let index = 0; index < 3; index += 1) {
      await getJson(server, `/api/stripe/api/checkout-status?orderId=missing-${index}&t=x`);
    }
    const after = await metricsText(server);
    expect(count(after) - count(before)).toBe(3);
    // A route pattern, never the address: the order ids above do not become labels.
    expect(after).not.toContain('missing-1');
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/stripe\/api\/checkout-status",status_code="404"\} \d+/,
    );
    expect(after).toContain('process_resident_memory_bytes');
  });

  it('counts orders by the status they enter, once each', async () => {
    const paid = await createCheckout(
      server,
      await signup(server, 'm1@example.com'),
      'm1@example.com',
    );
    await testPayment(server, paid, 'pay');
    await testPayment(server, paid, 'pay'); // a double click completes nothing twice
    const canceled = await createCheckout(
      server,
      await signup(server, 'm2@example.com'),
      'm2@example.com',
    );
    await testPayment(server, canceled, 'cancel');
    const actionToken = await signup(server, 'm3@example.com', 'cor-freedom');
    const free = await createCheckout(server, actionToken, 'm3@example.com');
    await createCheckout(server, actionToken, 'm3@example.com'); // the same claim, no new order
    await confirmFreeClaim(server, free);
    await confirmFreeClaim(server, free);
    const text = await metricsText(server);
    expect(sample(text, 'homesafe_orders_total', 'status="open"')).toBe(3);
    expect(sample(text, 'homesafe_orders_total', 'status="completed"')).toBe(2);
    expect(sample(text, 'homesafe_orders_total', 'status="canceled"')).toBe(1);
  });

  it('counts webhook outcomes', async () => {
    const response = await postJson(server, '/api/stripe/webhook', { type: 'x' });
    expect(response.status).toBe(503);
    expect(
      sample(
        await metricsText(server),
        'homesafe_stripe_webhooks_total',
        'outcome="not_configured"',
      ),
    ).toBe(1);
  });
});

describe('where /metrics is served', () => {
  it('is off on the main port in production without a token or a port of its own', async () => {
    const server = await startServer({
      env: PRODUCTION_TEST_ENV,
    });
    try {
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('moves to METRICS_PORT, and the main port no longer answers it', async () => {
    const metricsPort = await freePort();
    const server = await startServer({ env: { METRICS_PORT: String(metricsPort) } });
    try {
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toContain('http_request_duration_seconds');
    } finally {
      await server.close();
    }
    // Closed with the server.
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe('logs', () => {
  it('are JSON lines whose request lines carry the id sent back as x-request-id', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const server = await startServer({ build: { logger: { level: 'info', stream } } });
    try {
      const response = await fetch(`${server.baseUrl}/api/nothing-here`);
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const other = (await fetch(`${server.baseUrl}/api/nothing-here`)).headers.get('x-request-id');
      expect(other).not.toBe(id);
      const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const mine = parsed.filter((line) => line.reqId === id);
      expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await server.close();
    }
  });

  it('take the id from the proxy’s header when REQUEST_ID_HEADER names it', async () => {
    const server = await startServer({ env: { REQUEST_ID_HEADER: 'X-Request-Id' } });
    try {
      const response = await fetch(`${server.baseUrl}/health`, {
        headers: { 'x-request-id': 'lb-7f3a' },
      });
      expect(response.headers.get('x-request-id')).toBe('lb-7f3a');
    } finally {
      await server.close();
    }
  });
});

describe('npm run check:env', () => {
  const temp = tempDir();
  afterAll(() => temp.remove());
  const production = {
    APP_ENV: 'production',
    TOKEN_SECRET: 's'.repeat(48),
    PUBLIC_BASE_URL: 'https://scan.example.com',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    SMTP_URL: 'smtps://user:pass@mail.example.com',
    RECAPTCHA_SECRET_KEY: 'recaptcha-secret',
    SCAN_APP_URL: 'https://app.scan.example.com/start',
    DATABASE_PATH: join(temp.dir, 'x.db'),
  };

  it('accepts a complete production setup', () => {
    expect(checkDeployment(production, temp.dir).errors).toEqual([]);
  });

  it.each([
    ['TOKEN_SECRET', { TOKEN_SECRET: undefined }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: undefined }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'http://scan.example.com' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'https://127.0.0.1:8787' }],
    ['SMTP_URL', { SMTP_URL: undefined }],
    ['SMTP_URL', { SMTP_URL: 'smtp://user:pass@mail.example.com' }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_WEBHOOK_SECRET: undefined }],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }],
    ['SCAN_APP_URL', { SCAN_APP_URL: 'http://scan.example.com/app' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }],
    ['TOKEN_SECRET', { TOKEN_SECRET: 'short' }],
  ])('refuses production when %s is missing or unsafe, naming it', (name, change) => {
    const { errors } = checkDeployment({ ...production, ...change }, temp.dir);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toContain(name);
  });

  it('lists every problem at once, and warns about a single-instance database', () => {
    const check = checkDeployment({ APP_ENV: 'production' }, temp.dir);
    const text = check.errors.join('\n');
    for (const name of ['TOKEN_SECRET', 'PUBLIC_BASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY'])
      expect(text).toContain(name);
    expect(check.warnings.join('\n')).toContain('DATABASE_URL');
  });

  it('lets development start with nothing set', () => {
    expect(checkDeployment({ DATABASE_PATH: join(temp.dir, 'dev.db') }, temp.dir).errors).toEqual(
      [],
    );
  });

  // Started in a folder of its own: a ./dist the developer built (npm start, no browser keys)
  // must not decide what these settings get.
  const projectRoot = new URL('../..', import.meta.url).pathname;
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        join(projectRoot, 'node_modules/tsx/dist/loader.mjs'),
        join(projectRoot, 'server/main.ts'),
        ...args,
      ],
      {
        cwd: temp.dir,
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );

  it('exits 1 and says which setting, and the server refuses to start the same way', () => {
    const env = { ...production, SMTP_URL: '', PORT: '0' };
    const check = run(['--check-env'], env);
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/Refusing to start \(APP_ENV=production\)/);
    expect(check.stdout).toContain('SMTP_URL is not set');

    const start = run([], env);
    expect(start.status).toBe(1);
    expect(start.stderr).toContain('SMTP_URL is not set');
  }, 60_000);

  it('exits 0 for a complete setup', () => {
    const check = run(['--check-env'], production);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(check.stdout).toContain('Settings are fine for APP_ENV=production');
  }, 30_000);
});

describe('docs/deploying.md', () => {
  it('lists every server setting as declared (npm run docs:settings writes the table)', async () => {
    const text = readFileSync(docsFile, 'utf8');
    expect(text).toBe(await withCurrentTable(text));
    for (const { name } of SETTINGS) expect(text).toContain(`| \`${name}\``);
  });
});
