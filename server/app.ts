import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { loadConfig } from '../src/config/node/loadConfig.ts';
import { createTokenService } from './auth/tokens.ts';
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { createSmtpMailer, type Mailer } from './email/mailer.ts';
import { createOutboxSender, type OutboxSender } from './email/outboxSender.ts';
import { registerContract } from './http/contract.ts';
import { installErrorHandling } from './http/errors.ts';
import {
  createMetrics,
  installRequestMetrics,
  meteredRepository,
  metricsRoute,
  startMetricsServer,
} from './http/metrics.ts';
import { contentSecurityPolicy } from './http/securityHeaders.ts';
import { createPaymentAdapter } from './payments/index.ts';
import type { PaymentAdapter } from './payments/types.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { devOutboxRoutes } from './routes/devOutbox.ts';
import { healthRoutes } from './routes/health.ts';
import { landingRoutes } from './routes/landing.ts';
import { registerSpa } from './routes/spa.ts';
import { stripeWebhookRoutes } from './routes/stripeWebhook.ts';
import { testPaymentRoutes } from './routes/testPayments.ts';
import { createBotCheck, type BotCheck } from './services/botCheck.ts';
import { createOrderService } from './services/orders.ts';
import { createPartnerDirectory, priceMismatches } from './services/partners.ts';
import { createProfileService } from './services/profiles.ts';
import type { Repository } from './storage/repository.ts';
import { openSqliteRepository } from './storage/sqlite.ts';

export interface BuildServerOptions {
  config: ServerConfig;
  /** Project root holding partners/ and config/site.json. Defaults to the folder above server/. */
  root?: string;
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
}

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');

/** Builds the API (and optionally the static site) without listening, so tests can use port 0. */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? Date.now;
  // Routes that raise their log level (the polled order status) share one child logger per level
  // instead of building one per request: those requests log nothing below a warning anyway, at
  // the price of no request id on their rare warnings.
  const quietLoggers = new Map<string, FastifyBaseLogger>();
  const app = Fastify({
    childLoggerFactory(logger, bindings, childOptions) {
      const { level, ...rest } = childOptions;
      if (!level || Object.keys(rest).length > 0) return logger.child(bindings, childOptions);
      let quiet = quietLoggers.get(level);
      if (!quiet) {
        quiet = logger.child({}, { level });
        quietLoggers.set(level, quiet);
      }
      return quiet;
    },
    logger: options.logger ?? false,
    // Every API body is small; the Stripe webhook raises its own limit.
    bodyLimit: 32 * 1024,
    // Request ids from clients are not trusted unless a proxy in front sets the header
    // (REQUEST_ID_HEADER); otherwise a random one, unique across instances (unlike a counter).
    requestIdHeader: config.requestIdHeader ?? false,
    genReqId: () => randomUUID(),
    // The contract's types are exact: a number where it says string is refused, not coerced
    // (Fastify's default would turn 42 into "42"). Every query value here is a string anyway.
    ajv: { customOptions: { coerceTypes: false } },
  });
  registerContract(app);

  const loaded = loadConfig({ root: options.root ?? PROJECT_ROOT });
  for (const problem of loaded.problems) {
    app.log.warn({ problem }, 'partner or site configuration problem');
  }
  const partners = createPartnerDirectory({
    partners: loaded.partners,
    site: loaded.site,
    appEnv: config.appEnv,
    priceAmountCents: config.stripe.priceAmountCents,
  });
  for (const mismatch of priceMismatches(loaded.partners, config.stripe.priceAmountCents)) {
    app.log.warn(mismatch);
  }

  const storage = options.repository ?? openSqliteRepository(config.databasePath);
  const metrics = createMetrics();
  const repo = meteredRepository(storage, metrics);
  const tokens = createTokenService(config.tokenSecret, now);
  const botCheck =
    options.botCheck ??
    createBotCheck(config.recaptchaSecretKey, (error) =>
      app.log.error({ err: error }, 'reCAPTCHA check failed'),
    );
  const payments = options.payments ?? (await createPaymentAdapter(config.stripe));
  const mailer =
    options.mailer ??
    (config.smtpUrl ? await createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined);
  const outbox: OutboxSender | undefined =
    mailer &&
    createOutboxSender({
      repo,
      mailer,
      now,
      onError: (error, emailId) => app.log.error({ err: error, emailId }, 'email delivery failed'),
    });

  const ctx: AppContext = {
    config,
    repo,
    tokens,
    partners,
    botCheck,
    payments,
    metrics,
    now,
    orders: createOrderService({ repo, payments, tokens, partners, now, log: app.log }),
    profiles: createProfileService({
      repo,
      tokens,
      partners,
      now,
      publicBaseUrl: config.publicBaseUrl,
      scanAppUrl: config.scanAppUrl,
      smtpEnabled: outbox !== undefined,
      onEmailQueued: () => outbox?.kick(),
      log: app.log,
    }),
  };

  installErrorHandling(app);
  installRequestMetrics(app, metrics);
  // Synchronous: no promise per response on the hot paths. The request id is sent back so a
  // visitor's report ("it failed at 10:02, id ...") finds the log lines.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(healthRoutes(storage));
  // /metrics on the main port only behind its token, or open in development; METRICS_PORT moves
  // it to a port of its own. In production without either, metrics are off.
  if (
    config.metrics.port === undefined &&
    (config.metrics.token !== undefined || config.appEnv === 'development')
  ) {
    await app.register(metricsRoute(metrics, config.metrics.token));
  }
  await app.register(landingRoutes(ctx));
  await app.register(checkoutRoutes(ctx));
  await app.register(stripeWebhookRoutes(ctx));
  if (payments.provider === 'test') await app.register(testPaymentRoutes(ctx));
  if (!outbox && config.appEnv === 'development') await app.register(devOutboxRoutes(ctx));
  await registerSpa(app, options.staticDir, {
    partnerForHost: (hostname) => partners.forHost(hostname)?.id,
    contentSecurityPolicy: contentSecurityPolicy({
      stripe: payments.provider === 'stripe',
      recaptcha: Boolean(config.recaptchaSecretKey),
    }),
  });

  let metricsServer: Server | undefined;
  app.addHook('onReady', async () => {
    if (payments.provider === 'test')
      app.log.warn('Test payments are active: orders complete without any charge.');
    if (botCheck.kind === 'local' && config.appEnv === 'production') {
      app.log.warn(
        'RECAPTCHA_SECRET_KEY is not set: the offline bot check is active in production.',
      );
    }
    if (payments.provider === 'stripe' && !payments.parseWebhook) {
      app.log.warn(
        'STRIPE_WEBHOOK_SECRET is not set: orders are fulfilled only while the visitor polls.',
      );
    }
    // Emails queued before a restart go out now.
    outbox?.kick();
    if (config.metrics.port !== undefined) {
      metricsServer = await startMetricsServer(metrics, {
        host: config.host,
        port: config.metrics.port,
        token: config.metrics.token,
      });
    }
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((done) => (metricsServer ? metricsServer.close(() => done()) : done()));
    await outbox?.stop();
    await storage.close();
  });

  return app;
}
