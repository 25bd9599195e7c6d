import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OrderStatus } from '../../src/services/generated/api.ts';
import type {
  ConversionCounts,
  ConversionDestination,
  OutboxCounts,
  Repository,
} from '../storage/repository.ts';
import type { ConversionOutcome } from '../conversions/sender.ts';
import { ApiError, sendError } from './errors.ts';

/**
 * Prometheus metrics (prom-client): request rate and latency per route, the orders this instance
 * moved into each status, and the Stripe webhook outcomes. One registry per server, so tests (and
 * two servers in one process) never share counts; every instance is scraped on its own and the
 * dashboard sums them.
 */
export type WebhookOutcome = 'processed' | 'invalid_signature' | 'not_configured' | 'failed';
/** One SMTP try: sent, failed and scheduled again, refused for its address, or given up. */
export type EmailOutcome = 'sent' | 'retry' | 'refused' | 'given_up';
/** What a reconcile round did with one order it asked the payment provider about. */
export type ReconcileOutcome =
  'fulfilled' | 'expired' | 'failed' | 'canceled' | 'processing' | 'unchanged' | 'error';

export interface Metrics {
  registry: Registry;
  orderEntered(status: OrderStatus): void;
  webhook(outcome: WebhookOutcome): void;
  emailAttempt(outcome: EmailOutcome): void;
  reconciled(outcome: ReconcileOutcome): void;
  /** One try of a conversion delivery (server/conversions/sender.ts). */
  conversionAttempt(destination: ConversionDestination, outcome: ConversionOutcome): void;
  /** Gauges of the conversions waiting or not sent, read at each scrape (as watchOutbox). */
  watchConversions(
    read: () => Promise<ConversionCounts>,
    now: () => number,
    onError: (error: unknown) => void,
  ): void;
  /**
   * Gauges of the outbox read from the database at each scrape (the same on every instance:
   * a dashboard takes their max, not their sum).
   */
  watchOutbox(
    read: () => Promise<OutboxCounts>,
    now: () => number,
    onError: (error: unknown) => void,
  ): void;
  /** One finished request: the route pattern (not the address, so ids never become labels). */
  request(method: string, route: string, statusCode: number, seconds: number): void;
}

/** Latency buckets in seconds: the polled status answers in a few ms, a signup in tens. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The two gauges of a delivery queue (the email outbox, the conversions): how many wait in each
 * state, and the age of the oldest. One database read per scrape, shared by both gauges'
 * collect callbacks; with the database away, no value rather than a wrong zero.
 */
function watchQueue<T extends { oldestPendingAt: number | null }>(
  registry: Registry,
  read: () => Promise<T>,
  now: () => number,
  onError: (error: unknown) => void,
  gauges: {
    states: { name: string; help: string; of: (counts: T) => Record<string, number> };
    oldest: { name: string; help: string };
  },
): void {
  let latest: { at: number; counts: Promise<T | undefined> } | undefined;
  const counts = () => {
    const at = Date.now();
    if (!latest || at - latest.at > 1000) {
      latest = {
        at,
        counts: read().catch((error: unknown) => {
          onError(error);
          return undefined;
        }),
      };
    }
    return latest.counts;
  };
  new Gauge({
    name: gauges.states.name,
    help: gauges.states.help,
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const current = await counts();
      if (!current) return this.reset();
      for (const [state, count] of Object.entries(gauges.states.of(current))) {
        this.set({ state }, count);
      }
    },
  });
  new Gauge({
    name: gauges.oldest.name,
    help: gauges.oldest.help,
    registers: [registry],
    async collect() {
      const current = await counts();
      if (!current) return this.reset();
      const oldest = current.oldestPendingAt;
      this.set(oldest === null ? 0 : Math.max(0, (now() - oldest) / 1000));
    },
  });
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code (its _count is the request count).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const orders = new Counter({
    name: 'homesafe_orders_total',
    help: 'Orders this instance created (open) or moved into each status.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'homesafe_stripe_webhooks_total',
    help: 'Stripe webhook deliveries by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const emails = new Counter({
    name: 'homesafe_email_deliveries_total',
    help: 'SMTP tries of this instance by outcome: sent, retry (failed, tried again later), refused (address refused, not retried), given_up (24 hours of failures).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const reconciles = new Counter({
    name: 'homesafe_reconcile_orders_total',
    help: 'Unsettled orders this instance asked the payment provider about, by what it did (fulfilled: paid but its webhook never came).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const conversions = new Counter({
    name: 'homesafe_conversion_deliveries_total',
    help: 'Tries of this instance to send a purchase (or a saved home profile) to GA4, Meta or a partner, by destination and outcome: sent, retry, refused (not retried), given_up (24 hours of failures), no_key (not sent: no secret set).',
    labelNames: ['destination', 'outcome'] as const,
    registers: [registry],
  });
  // A labelled child per series, found by one string key instead of hashing the labels each time.
  const series = new Map<string, Histogram.Internal<'method' | 'route' | 'status_code'>>();
  return {
    registry,
    orderEntered: (status) => orders.inc({ status }),
    webhook: (outcome) => webhooks.inc({ outcome }),
    emailAttempt: (outcome) => emails.inc({ outcome }),
    reconciled: (outcome) => reconciles.inc({ outcome }),
    conversionAttempt: (destination, outcome) => conversions.inc({ destination, outcome }),
    watchConversions(read, now, onError) {
      watchQueue(registry, read, now, onError, {
        states: {
          name: 'homesafe_conversions',
          help: 'Conversions not sent yet, by state: queued, retrying, failed (refused or given up), no_key (no secret set; npm run conversions -- --failed).',
          of: (current) => ({
            queued: current.queued,
            retrying: current.retrying,
            failed: current.failed,
            no_key: current.noKey,
          }),
        },
        oldest: {
          name: 'homesafe_conversions_oldest_pending_seconds',
          help: 'Age of the oldest conversion still waiting to be sent (0 when none waits).',
        },
      });
    },
    watchOutbox(read, now, onError) {
      watchQueue(registry, read, now, onError, {
        states: {
          name: 'homesafe_outbox_emails',
          help: 'Emails not delivered yet, by state: queued (not tried yet), retrying (failed at least once, waiting for the next try), failed (refused or given up; npm run outbox -- --failed).',
          of: (current) => ({
            queued: current.queued,
            retrying: current.retrying,
            failed: current.failed,
          }),
        },
        oldest: {
          name: 'homesafe_outbox_oldest_pending_seconds',
          help: 'Age of the oldest email still waiting to be sent (0 when none waits).',
        },
      });
    },
    request(method, route, statusCode, seconds) {
      const key = `${method} ${statusCode} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = duration.labels({ method, route, status_code: String(statusCode) });
        series.set(key, child);
      }
      child.observe(seconds);
    },
  };
}

/** Addresses no route matched (pages, missing files) share one label. */
const UNMATCHED_ROUTE = '(no route)';

export function installRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * The repository, with every order status change it writes counted. A proxy rather than a copy,
 * so any implementation (class or object, with private fields) keeps working unchanged.
 */
export function meteredRepository(repo: Repository, metrics: Metrics): Repository {
  const overrides: Partial<Repository> = {
    async createOrder(order) {
      await repo.createOrder(order);
      metrics.orderEntered('open');
    },
    async createOrderForSession(order, sessionId) {
      const stored = await repo.createOrderForSession(order, sessionId);
      // Counted once: only the call whose order was kept opened one.
      if (stored.id === order.id) metrics.orderEntered('open');
      return stored;
    },
    async transitionOrder(orderId, from, to, at) {
      const moved = await repo.transitionOrder(orderId, from, to, at);
      if (moved) metrics.orderEntered(to);
      return moved;
    },
    async fulfilOrder(orderId, fulfilment, from) {
      const stored = await repo.fulfilOrder(orderId, fulfilment, from);
      // Counted once: only the call whose report id was kept completed the order.
      if (stored.reportId === fulfilment.reportId) metrics.orderEntered('completed');
      return stored;
    },
  };
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(repo, {
    get(target, property) {
      const own = overrides[property as keyof Repository];
      if (own) return own;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let fn = bound.get(property);
      if (!fn) {
        fn = (value as (...args: unknown[]) => unknown).bind(target);
        bound.set(property, fn);
      }
      return fn;
    },
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** True when the authorization header carries the bearer token (compared in constant time). */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /metrics on the main port. With a token, only a scraper sending it is answered (401
 * otherwise, so nobody on the internet reads the counts); without one the route is registered only
 * in development (app.ts decides).
 */
export function metricsRoute(metrics: Metrics, token: string | undefined) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      if (token !== undefined && !hasMetricsToken(request.headers.authorization, token)) {
        return sendError(
          reply.header('www-authenticate', 'Bearer realm="metrics"'),
          new ApiError(401, 'unauthorized', 'The metrics need the bearer token (METRICS_TOKEN).'),
        );
      }
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  };
}

/** /metrics on its own port (METRICS_PORT), for a scraper inside the private network. */
export function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number; token: string | undefined },
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (
      options.token !== undefined &&
      !hasMetricsToken(request.headers.authorization, options.token)
    ) {
      response.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
