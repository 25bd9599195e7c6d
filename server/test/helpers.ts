import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { CompiledQuery, type Kysely } from 'kysely';
import { buildServer, type BuildServerOptions } from '../app.ts';
import { loadServerConfig, type ServerConfig } from '../config.ts';
import { connectDatabase, databaseTarget } from '../storage/database.ts';
import type { NewOrder } from '../storage/repository.ts';
import type { Schema } from '../storage/schema.ts';
import { freshPostgresUrl, testEngine, type TestEngine } from './postgres/database.ts';

/**
 * Test harness: a real server on 127.0.0.1 port 0 with a real database (a SQLite file in a temp
 * folder, or with TEST_DATABASE=postgres a schema of its own in the throwaway Postgres cluster),
 * driven over HTTP with fetch, and a movable clock.
 */
export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export interface Clock {
  now: number;
  advance(ms: number): void;
}

export function createClock(start = Date.now()): Clock {
  return {
    now: start,
    advance(ms) {
      this.now += ms;
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  config: ServerConfig;
  clock: Clock;
  dir: string;
  engine: TestEngine;
  /** Rows of a query (`?` placeholders) on a second connection, to check what was stored. */
  rows<T = Record<string, unknown>>(sqlText: string, ...parameters: unknown[]): Promise<T[]>;
  /** The first row of such a query, or undefined. */
  row<T = Record<string, unknown>>(
    sqlText: string,
    ...parameters: unknown[]
  ): Promise<T | undefined>;
  close(): Promise<void>;
}

/**
 * Runs hand-written SQL on a database the tests inspect, on either engine: `?` placeholders
 * become `$1, $2…` for Postgres.
 */
export function inspector(db: Kysely<Schema>, engine: TestEngine) {
  return async function rows<T>(sqlText: string, ...parameters: unknown[]): Promise<T[]> {
    let n = 0;
    const text = engine === 'postgres' ? sqlText.replace(/\?/g, () => `$${++n}`) : sqlText;
    return (await db.executeQuery<T>(CompiledQuery.raw(text, parameters))).rows;
  };
}

export function tempDir(prefix = 'homesafe-server-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A production start that needs no outside service: the test checkout and the local bot check
 * allowed explicitly, and the scan app's https address.
 */
export const PRODUCTION_TEST_ENV: Record<string, string> = {
  APP_ENV: 'production',
  ALLOW_TEST_PAYMENTS: '1',
  ALLOW_LOCAL_BOT_CHECK: '1',
  SCAN_APP_URL: 'https://app.scan.example.test/start',
};

export interface StartOptions {
  env?: Record<string, string>;
  /** Passed on to buildServer (config and clock come from env and clock). */
  build?: Omit<Partial<BuildServerOptions>, 'config' | 'now'>;
  /** Reuse a folder (and so a database) from an earlier server. */
  dir?: string;
  clock?: Clock;
  /**
   * 'relaxed' (the default) raises the abuse limits out of the way of tests that sign up many
   * times from 127.0.0.1; 'configured' keeps what env (or the defaults) says.
   */
  limits?: 'relaxed' | 'configured';
  /** Defaults to the project's engine (TEST_DATABASE). */
  engine?: TestEngine;
  /** A Postgres database of the caller's (a cluster of its own) instead of a fresh schema. */
  databaseUrl?: string;
}

/** Limits no functional test reaches; the security tests use the configured ones. */
export const RELAXED_LIMITS: Record<string, string> = {
  RATE_LIMIT_SIGNUP: '100000',
  RATE_LIMIT_CHECKOUT: '100000',
  RATE_LIMIT_STATUS: '100000',
  RATE_LIMIT_COMPLETE: '100000',
  RATE_LIMIT_VITALS: '100000',
  RATE_LIMIT_ORDERS_PER_SIGNUP: '100000',
  RATE_LIMIT_RESEND: '100000',
  RATE_LIMIT_RESEND_PER_ADDRESS: '100000',
};

/** With Postgres, the database of each folder, so a restarted server finds its earlier data. */
const postgresUrlByDir = new Map<string, string>();

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const temp = options.dir === undefined ? tempDir() : undefined;
  const dir = options.dir ?? temp?.dir ?? '';
  const engine = options.databaseUrl === undefined ? (options.engine ?? testEngine()) : 'postgres';
  let databaseUrl = options.databaseUrl;
  if (engine === 'postgres' && databaseUrl === undefined) {
    databaseUrl = postgresUrlByDir.get(dir) ?? (await freshPostgresUrl());
    postgresUrlByDir.set(dir, databaseUrl);
  }
  const config = loadServerConfig({
    DATABASE_PATH: join(dir, 'homesafe.db'),
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    TOKEN_SECRET: TEST_SECRET,
    PUBLIC_BASE_URL: 'https://scan.example.test',
    ...(options.limits === 'configured' ? {} : RELAXED_LIMITS),
    // The reconcile job's real timer would ask the fake Stripe in the middle of tests that count
    // its requests; reconcile.test.ts turns it on.
    RECONCILE_INTERVAL_SECONDS: '0',
    ...options.env,
  });
  const clock = options.clock ?? createClock();
  const app = await buildServer({ ...options.build, config, now: () => clock.now });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  let inspection: ReturnType<typeof connectDatabase> | undefined;
  const rows = <T>(sqlText: string, ...parameters: unknown[]): Promise<T[]> => {
    inspection ??= connectDatabase(databaseTarget({ ...config, databasePoolSize: 1 }));
    return inspector(inspection.db, engine)<T>(sqlText, ...parameters);
  };
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    config,
    clock,
    dir,
    engine,
    rows,
    async row<T>(sqlText: string, ...parameters: unknown[]) {
      return (await rows<T>(sqlText, ...parameters))[0];
    },
    async close() {
      await inspection?.db.destroy();
      await app.close();
      temp?.remove();
    },
  };
}

/**
 * Something started before the enclosing describe block's tests and closed after them (a server,
 * a fake outside service). The object returned is filled in once it runs (its own fields are
 * copied: a plain object), so the tests use it as the thing itself.
 */
export function forBlock<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  const handle = {} as T;
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    Object.assign(handle, started);
  });
  afterAll(() => started?.close());
  return handle;
}

/** One server for the enclosing describe block; `options` may be a function, read at start. */
export function serverForBlock(options: StartOptions | (() => StartOptions) = {}): TestServer {
  return forBlock(() => startServer(typeof options === 'function' ? options() : options));
}

/** An order as the repository takes one: demo's $75 test payment by visitor@example.com. */
export const newOrder = (id: string): NewOrder => ({
  id,
  partnerId: 'demo',
  email: 'visitor@example.com',
  campaignId: 'demo-dev',
  amountCents: 7500,
  currency: 'usd',
  paymentProvider: 'test',
  returnUrl: `https://scan.example.test/return?orderId=${id}&t=x`,
  statusToken: 'token',
  createdAt: 1000,
});

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export async function request<T = Record<string, unknown>>(
  server: { baseUrl: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonResponse<T>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed as T, text, headers: response.headers };
}

export const postJson = <T = Record<string, unknown>>(
  server: { baseUrl: string },
  path: string,
  body: unknown,
) => request<T>(server, 'POST', path, body);

export const getJson = <T = Record<string, unknown>>(server: { baseUrl: string }, path: string) =>
  request<T>(server, 'GET', path);

/** The value, or a thrown error naming what was missing (tests avoid non-null assertions). */
export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}`);
  return value;
}

/** Decodes a JWT payload without verifying it, as the front end does to read reportID. */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

// ---- The visitor's journey, step by step ----

export const RETURN_URL = 'https://scan.example.test/demo/claim-offer/return';

export async function signup(
  server: TestServer,
  email = 'visitor@example.com',
  referral = 'demo',
): Promise<string> {
  const response = await postJson<{ actionToken: string }>(server, '/api/landing/signup', {
    email,
    captchaToken: 'local:landing_signup',
    referral,
  });
  if (response.status !== 200)
    throw new Error(`signup failed: ${response.status} ${response.text}`);
  return response.body.actionToken;
}

export interface Checkout {
  orderId: string;
  clientSecret: string;
  provider: string;
}

export function checkoutBody(
  actionToken: string,
  email = 'visitor@example.com',
  returnUrl = RETURN_URL,
) {
  return {
    customer_email: email,
    customerId: null,
    return_url: returnUrl,
    campaignId: 'demo-dev',
    actionToken,
    forceNewSession: true,
  };
}

export async function createCheckout(
  server: TestServer,
  actionToken: string,
  email = 'visitor@example.com',
): Promise<Checkout> {
  const response = await postJson<Checkout>(
    server,
    '/api/stripe/api/create-checkout-session',
    checkoutBody(actionToken, email),
  );
  if (response.status !== 200)
    throw new Error(`checkout failed: ${response.status} ${response.text}`);
  return response.body;
}

export function testSessionId(clientSecret: string): string {
  if (!clientSecret.startsWith('test_secret_'))
    throw new Error(`not a test client secret: ${clientSecret}`);
  return clientSecret.slice('test_secret_'.length);
}

/** Drives a test payment and returns the orderId and t the return page receives. */
export async function testPayment(
  server: TestServer,
  checkout: Checkout,
  action: 'pay' | 'decline' | 'cancel',
): Promise<{ orderId: string; t: string; returnUrl: string }> {
  const response = await postJson<{ returnUrl: string }>(
    server,
    `/api/test-payments/${testSessionId(checkout.clientSecret)}/${action}`,
    {},
  );
  if (response.status !== 200)
    throw new Error(`test ${action} failed: ${response.status} ${response.text}`);
  const url = new URL(response.body.returnUrl);
  return {
    orderId: url.searchParams.get('orderId') ?? '',
    t: url.searchParams.get('t') ?? '',
    returnUrl: response.body.returnUrl,
  };
}

export interface StatusBody {
  status: string;
  claimToken?: string;
}

export function pollStatus(server: TestServer, orderId: string, t: string) {
  return getJson<StatusBody>(
    server,
    `/api/stripe/api/checkout-status?orderId=${encodeURIComponent(orderId)}&t=${encodeURIComponent(t)}`,
  );
}

/** Signup, checkout and test payment: returns the claim token the return page would get. */
export async function paidClaimToken(
  server: TestServer,
  email = 'visitor@example.com',
  referral = 'demo',
): Promise<{ claimToken: string; orderId: string }> {
  const checkout = await createCheckout(server, await signup(server, email, referral), email);
  const { orderId, t } = await testPayment(server, checkout, 'pay');
  const status = await pollStatus(server, orderId, t);
  if (!status.body.claimToken) throw new Error(`no claim token: ${status.text}`);
  return { claimToken: status.body.claimToken, orderId };
}

export const CONFIRM_FREE_CLAIM = '/api/landing/confirm-free-claim';

/** Confirms a free offer's claim (what "Claim my free scan" sends) and returns the raw answer. */
export function confirmFreeClaim(server: { baseUrl: string }, checkout: Checkout) {
  return postJson<{ returnUrl: string }>(server, CONFIRM_FREE_CLAIM, {
    orderId: checkout.orderId,
    clientSecret: checkout.clientSecret,
  });
}

/** Signup, free claim and its confirmation: returns the claim token the return page would get. */
export async function freeClaimToken(
  server: TestServer,
  email = 'visitor@example.com',
  referral = 'cor-freedom',
): Promise<{ claimToken: string; orderId: string }> {
  const checkout = await createCheckout(server, await signup(server, email, referral), email);
  if (checkout.provider !== 'free') throw new Error(`not a free claim: ${checkout.provider}`);
  const confirmed = await confirmFreeClaim(server, checkout);
  if (confirmed.status !== 200)
    throw new Error(`confirm failed: ${confirmed.status} ${confirmed.text}`);
  const url = new URL(confirmed.body.returnUrl);
  const status = await pollStatus(
    server,
    url.searchParams.get('orderId') ?? '',
    url.searchParams.get('t') ?? '',
  );
  if (!status.body.claimToken) throw new Error(`no claim token: ${status.text}`);
  return { claimToken: status.body.claimToken, orderId: checkout.orderId };
}

export const VALID_PROFILE = {
  describeHome: 'caregiver',
  streetAddressLine1: "Mom's house",
  postalCode: '53703',
  ownTheHome: true,
  numFloors: '2',
} as const;

export function completeBody(claimToken: string, profile: Record<string, unknown> = VALID_PROFILE) {
  return { ...profile, captchaToken: 'local:landing_complete', claimToken };
}

export const RESEND_LINK = '/api/landing/resend-link';

/** "Send me my link again" as the form sends it. */
export function resendLink(server: { baseUrl: string }, email: string, referral = 'demo') {
  return postJson(server, RESEND_LINK, {
    email,
    captchaToken: 'local:landing_resend',
    referral,
  });
}

export interface OutboxEmailRow {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  report_id: string | null;
}

/** The confirmation emails (step 2 links) queued for an address, oldest first. */
export function confirmationEmails(server: TestServer, email: string) {
  return server.rows<OutboxEmailRow>(
    "SELECT id, kind, to_address, subject, text, html, report_id FROM outbox WHERE kind = 'confirmation' AND to_address = ? ORDER BY id",
    email,
  );
}

/** The step 2 link of an email's text (its create-home address with the claim token). */
export function stepTwoLink(text: string): URL {
  const found = /https?:\/\/\S+\/claim-offer\/create-home\?t=\S+/.exec(text);
  if (!found) throw new Error(`no step 2 link in:\n${text}`);
  return new URL(found[0]);
}
