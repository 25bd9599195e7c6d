import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { PartnerConfig } from '../src/config/generated/partner.ts';
import type { ServerConfig } from './config.ts';
import type { Mailer } from './email/mailer.ts';
import { serverOptions } from './http/serverOptions.ts';
import type { PaymentAdapter } from './payments/types.ts';
import { botCheckPlugin } from './plugins/botCheck.ts';
import { conversionsPlugin } from './plugins/conversions.ts';
import { corePlugin } from './plugins/core.ts';
import { emailPlugin } from './plugins/email.ts';
import { experimentsPlugin } from './plugins/experiments.ts';
import { httpPlugin } from './plugins/http.ts';
import { metricsPlugin, metricsServerPlugin } from './plugins/metrics.ts';
import { ordersPlugin } from './plugins/orders.ts';
import { partnersPlugin } from './plugins/partners.ts';
import { paymentsPlugin } from './plugins/payments.ts';
import { profilesPlugin } from './plugins/profiles.ts';
import { rateLimitsPlugin } from './plugins/rateLimits.ts';
import { reconcilePlugin } from './plugins/reconcile.ts';
import { resendLinkPlugin } from './plugins/resendLink.ts';
import { signupsPlugin } from './plugins/signups.ts';
import { sitePlugin } from './plugins/site.ts';
import { storagePlugin } from './plugins/storage.ts';
import { tokensPlugin } from './plugins/tokens.ts';
import type { CounterStore } from './rateLimit/counterStore.ts';
import { apiRoutes } from './routes/index.ts';
import type { BotCheck } from './services/botCheck.ts';
import type { Repository } from './storage/repository.ts';

export interface BuildServerOptions {
  config: ServerConfig;
  /** Project root holding partners/ and config/site.json. Defaults to the folder above server/. */
  root?: string;
  /**
   * The partners to serve instead of those read from root's partners/ (tests that need a partner
   * as no file describes one, such as one offering Spanish).
   */
  partners?: readonly PartnerConfig[];
  /** Built site to serve, with the single-page-app fallback (main.ts passes ./dist). */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Clock in Unix ms; tests move it to expire tokens and orders. */
  now?: () => number;
  /** Replacements for tests; by default each is built from the config. */
  repository?: Repository;
  botCheck?: BotCheck;
  payments?: PaymentAdapter;
  mailer?: Mailer;
  /** The conversion sender's HTTP client (tests count or fail requests); defaults to fetch. */
  conversionFetch?: typeof fetch;
  /** [0, 1) for the retry delays' jitter of the senders; tests pass a fixed one. */
  random?: () => number;
  /**
   * Where the abuse limits count. Defaults to this process's memory; give every instance the same
   * shared (database) store so that a limit holds across instances.
   */
  counterStore?: CounterStore;
}

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');

/**
 * Builds the API (and optionally the static site) without listening, so tests can use port 0.
 * Each concern is a plugin (server/plugins/) that names the plugins it needs and owns its start
 * (onReady) and stop (onClose): they start in the order below and stop in the reverse order, so
 * the jobs stop before the outbox, the outbox before the database, and the database last.
 */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify(serverOptions(config, options.logger ?? false));
  try {
    await app.register(corePlugin, { config, now: options.now ?? Date.now });
    await app.register(httpPlugin);
    await app.register(metricsPlugin);
    await app.register(partnersPlugin, {
      root: options.root ?? PROJECT_ROOT,
      partners: options.partners,
    });
    await app.register(storagePlugin, { repository: options.repository });
    await app.register(tokensPlugin);
    await app.register(botCheckPlugin, { botCheck: options.botCheck });
    await app.register(paymentsPlugin, { payments: options.payments });
    await app.register(rateLimitsPlugin, { counterStore: options.counterStore });
    await app.register(conversionsPlugin, {
      conversionFetch: options.conversionFetch,
      random: options.random,
    });
    await app.register(emailPlugin, { mailer: options.mailer });
    await app.register(signupsPlugin);
    await app.register(ordersPlugin);
    await app.register(profilesPlugin);
    await app.register(resendLinkPlugin);
    await app.register(reconcilePlugin);
    await app.register(experimentsPlugin);
    await app.register(apiRoutes);
    await app.register(sitePlugin, { staticDir: options.staticDir });
    await app.register(metricsServerPlugin);
  } catch (error) {
    // A database that went away during the start (a migration, the secret's read): what opened
    // so far closes, so a start retried by main.ts leaves no pool behind.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
