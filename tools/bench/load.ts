import Database from 'better-sqlite3';
import autocannon from 'autocannon';

/**
 * The load both server benches drive (serverBench.ts: one server against the bare floor;
 * scaleBench.ts: fleets of instances): back-to-back requests with autocannon, and the few API calls
 * that make the orders to poll. Bounded by time; only 127.0.0.1 traffic.
 */
export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** What the errors were (error code or message: count), when there were any. */
  errorKinds?: Record<string, number>;
}

/** A pause between loads, so one load's stragglers do not count against the next. */
export const settle = () => new Promise((done) => setTimeout(done, 2000));

/**
 * Back-to-back load on one or several instances at once: the connections split evenly, instance i
 * asked for paths[i mod paths.length]. Requests per second are summed; the percentiles are the
 * slowest instance's (what the worst-served visitors see).
 */
export async function saturate(options: {
  /** Base addresses (instances), or the one full address when `paths` is not given. */
  urls: readonly string[];
  paths?: readonly string[];
  connections: number;
  durationSec: number;
  /** A JSON body to POST; GET without one. */
  body?: string | undefined;
}): Promise<LoadResult> {
  const { urls, paths = [''], connections, durationSec, body } = options;
  const perInstance = Math.max(1, Math.floor(connections / urls.length));
  const errorKinds: Record<string, number> = {};
  const runs = await Promise.all(
    urls.map((base, index) => {
      const running = autocannon({
        url: `${base}${paths[index % paths.length] ?? ''}`,
        connections: perInstance,
        duration: durationSec,
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
        timeout: 10,
      });
      running.on('reqError', (error) => {
        const kind = error.code ?? error.message;
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
      });
      return running;
    }),
  );
  return {
    requestsPerSecond: runs.reduce((sum, run) => sum + run.requests.average, 0),
    p50Ms: Math.max(...runs.map((run) => run.latency.p50)),
    p99Ms: Math.max(...runs.map((run) => run.latency.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    ...(Object.keys(errorKinds).length > 0 ? { errorKinds } : {}),
  };
}

export async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The signup a visitor sends on the demo partner's landing page (local bot check). */
export const signupRequest = (email: string) => ({
  email,
  captchaToken: 'local:landing_signup',
  referral: 'demo',
});

/**
 * An open order made through the public API as a visitor makes one: signup, then a checkout
 * session (test payments). Returns the session as the API answers it.
 */
export async function openOrder(baseUrl: string, email: string): Promise<Record<string, unknown>> {
  const { actionToken } = await postJson(`${baseUrl}/api/landing/signup`, signupRequest(email));
  return postJson(`${baseUrl}/api/stripe/api/create-checkout-session`, {
    customer_email: email,
    customerId: null,
    return_url: `${baseUrl}/demo/claim-offer/payment-return`,
    campaignId: null,
    actionToken,
    forceNewSession: true,
  });
}

interface PgClient {
  connect(): Promise<void>;
  query(text: string, values: unknown[]): Promise<{ rows: { t: string }[] }>;
  end(): Promise<void>;
}

/** The status tokens travel in the provider's return address; read them where they are kept. */
export async function statusTokens(
  orderIds: string[],
  database: { path?: string; url?: string },
): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  if (database.path) {
    const db = new Database(database.path, { readonly: true });
    try {
      const read = db.prepare('SELECT status_token AS t FROM orders WHERE id = ?');
      for (const id of orderIds) {
        const row = read.get(id) as { t: string } | undefined;
        if (!row) throw new Error(`order ${id} is not in ${database.path}`);
        tokens.set(id, row.t);
      }
    } finally {
      db.close();
    }
    return tokens;
  }
  // pg comes with the Postgres storage; named at run time so a build without it still compiles.
  const pgName = 'pg';
  const pg = (await import(pgName)) as { default: { Client: new (url: string) => PgClient } };
  const client = new pg.default.Client(database.url ?? '');
  await client.connect();
  try {
    for (const id of orderIds) {
      const result = await client.query('SELECT status_token AS t FROM orders WHERE id = $1', [id]);
      tokens.set(id, result.rows[0]?.t ?? '');
    }
  } finally {
    await client.end();
  }
  return tokens;
}

/** The address a visitor on the payment return page polls (`t` is the order's status token). */
export const checkoutStatusPath = (orderId: string, t: string) =>
  `/api/stripe/api/checkout-status?orderId=${encodeURIComponent(orderId)}&t=${encodeURIComponent(t)}`;
