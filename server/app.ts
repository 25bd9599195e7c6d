import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { loadConfig } from '../src/config/node/loadConfig.ts';
import type { PartnerConfig } from '../src/config/generated/partner.ts';
import { createTokenService } from './auth/tokens.ts';
import { legacyTokenSecret, type ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { createSmtpMailer, type Mailer } from './email/mailer.ts';
import { createOutboxSender, type OutboxSender } from './email/outboxSender.ts';
import { createConversionPlanner } from './conversions/planner.ts';
import { createConversionSender } from './conversions/sender.ts';
import { registerContract } from './http/contract.ts';
import { ApiError, installErrorHandling, sendError } from './http/errors.ts';
import {
  createMetrics,
  installRequestMetrics,
  meteredRepository,
  metricsRoute,
  startMetricsServer,
} from './http/metrics.ts';
import { redactError, redactText } from './http/redact.ts';
import { applyBaseSecurityHeaders } from './http/securityHeaders.ts';
import { pagePolicies, routePartnerId } from './http/pagePolicy.ts';
import { siteWideTags } from '../src/config/tagRules.ts';
import { installTurnBudget } from './http/turnBudget.ts';
import { createPaymentAdapter } from './payments/index.ts';
import { createReconcileJob } from './payments/reconcile.ts';
import type { PaymentAdapter } from './payments/types.ts';
import type { CounterStore } from './rateLimit/counterStore.ts';
import { createLimiter } from './rateLimit/limits.ts';
import { createBatchedCounterStore } from './rateLimit/batchedCounterStore.ts';
import { createDatabaseCounterStore } from './rateLimit/databaseCounterStore.ts';
import { createMemoryCounterStore } from './rateLimit/memoryCounterStore.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { devOutboxRoutes } from './routes/devOutbox.ts';
import { devScanRoutes } from './routes/devScan.ts';
import { freeClaimRoutes } from './routes/freeClaim.ts';
import { healthRoutes } from './routes/health.ts';
import { landingRoutes } from './routes/landing.ts';
import { registerSpa } from './routes/spa.ts';
import { vitalsRoutes } from './routes/vitals.ts';
import { consentRoutes } from './routes/consent.ts';
import { reportRoutes } from './routes/report.ts';
import { createPageVersions } from './experiments/pageVersions.ts';
import { pageVersionRoutes } from './routes/pageVersion.ts';
import { stripeWebhookRoutes } from './routes/stripeWebhook.ts';
import { testPaymentRoutes } from './routes/testPayments.ts';
import { createBotCheck, type BotCheck } from './services/botCheck.ts';
import { createConfirmations } from './services/confirmations.ts';
import { createOrderService } from './services/orders.ts';
import { createPartnerDirectory } from './services/partners.ts';
import { createProfileService } from './services/profiles.ts';
import { createResendLinkService } from './services/resendLink.ts';
import type { Repository } from './storage/repository.ts';
import { databaseTarget } from './storage/database.ts';
import { openRepository } from './storage/kyselyRepository.ts';

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

/** The caller's logger settings, with every request URL and error redacted (server/http/redact.ts). */
function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactText(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
      err: redactError,
    },
    hooks: {
      logMethod(args, method) {
        // Messages (and format arguments) are redacted too: one may quote a URL.
        const redacted = args.map((arg: unknown) =>
          typeof arg === 'string' ? redactText(arg) : arg,
        ) as Parameters<typeof method>;
        method.apply(this, redacted);
      },
    },
  };
}

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');

/**
 * TOKEN_SECRET (required in production), or else the development secret generated once and kept
 * in the database, so every instance started with the same DATABASE_URL signs and verifies alike.
 * A SQLite folder's token-secret file from earlier releases seeds it, keeping old tokens valid.
 */
async function tokenSecret(config: ServerConfig, repo: Repository, now: () => number) {
  if (config.tokenSecret !== undefined) return config.tokenSecret;
  const seed =
    (config.databaseUrl === undefined ? legacyTokenSecret(config.databasePath) : undefined) ??
    randomBytes(48).toString('base64url');
  return repo.sharedSecret('token_secret', seed, now());
}

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
    logger: redactingLogger(options.logger ?? false),
    // The client address the limits count: X-Forwarded-For only from the configured proxies.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Router errors (a bad %-escape in the path) answer in the API's error shape, with headers.
    frameworkErrors(error, request, reply) {
      applyBaseSecurityHeaders(reply, request.url);
      request.log.info({ code: error.code }, 'request with an invalid address refused');
      void sendError(
        reply as FastifyReply,
        new ApiError(
          400,
          'invalid_request',
          'The address of this request is not valid or is too long.',
        ),
      );
    },
    // Every API body is small; the Stripe webhook raises its own limit.
    bodyLimit: 32 * 1024,
    // Request ids from clients are not trusted unless a proxy in front sets the header
    // (REQUEST_ID_HEADER); otherwise a random one, unique across instances (unlike a counter).
    requestIdHeader: config.requestIdHeader ?? false,
    genReqId: () => randomUUID(),
    // The contract's types are exact: a number where it says string is refused, not coerced
    // (Fastify's default would turn 42 into "42"). Every query value here is a string anyway.
    ajv: { customOptions: { coerceTypes: false } },
    // While stopping (SIGTERM), a request arriving on an open keep-alive connection is still
    // answered in full (with Connection: close) rather than Fastify's own 503 body, which is not
    // the API's error shape; no new connection is accepted meanwhile (main.ts).
    return503OnClosing: false,
  });
  registerContract(app);

  const loaded = loadConfig({ root: options.root ?? PROJECT_ROOT });
  for (const problem of loaded.problems) {
    app.log.warn({ problem }, 'partner or site configuration problem');
  }
  const partnerConfigs = options.partners ?? loaded.partners;
  const partners = createPartnerDirectory({
    partners: partnerConfigs,
    site: loaded.site,
    appEnv: config.appEnv,
  });

  const storage = options.repository ?? (await openRepository(databaseTarget(config)));
  const metrics = createMetrics();
  const repo = meteredRepository(storage, metrics);
  // A database that went away between migration and this read: close it, so a start retried
  // by main.ts leaves no pool behind.
  const secret = await tokenSecret(config, repo, now).catch(async (error: unknown) => {
    if (!options.repository) await storage.close();
    throw error;
  });
  const tokens = createTokenService(secret, now);
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
      onSent: () => metrics.emailAttempt('sent'),
      onAttemptFailed: ({ emailId, error, reason, permanent, retryAt }) => {
        if (retryAt !== null) {
          metrics.emailAttempt('retry');
          app.log.warn(
            { err: error, emailId, retryAt: new Date(retryAt).toISOString() },
            `email not delivered, tried again later: ${reason}`,
          );
          return;
        }
        metrics.emailAttempt(permanent ? 'refused' : 'given_up');
        app.log.error(
          { err: error, emailId },
          `email failed for good (npm run outbox -- --failed): ${reason}`,
        );
      },
    });
  metrics.watchOutbox(
    () => storage.outboxCounts(),
    now,
    (error) => app.log.warn({ err: error }, 'outbox gauges not read'),
  );
  // Purchases sent to the partners' ad platforms and own systems (docs/measurement.md).
  const conversionPlanner = createConversionPlanner({
    settings: config.conversions,
    partner: (id) => partners.get(id),
    productName: partners.productName,
  });
  const conversionSender = createConversionSender({
    repo,
    settings: config.conversions,
    now,
    ...(options.random ? { random: options.random } : {}),
    ...(options.conversionFetch ? { fetch: options.conversionFetch } : {}),
    onOutcome: (destination, outcome) => metrics.conversionAttempt(destination, outcome),
    onAttemptFailed: (conversion, reason, retryAt) =>
      app.log.warn(
        { conversionId: conversion.id, destination: conversion.destination, retryAt },
        retryAt === null
          ? `conversion failed for good (npm run conversions -- --failed): ${reason}`
          : `conversion not delivered, tried again later: ${reason}`,
      ),
    onError: (error) => app.log.error({ err: error }, 'conversion delivery round failed'),
  });
  metrics.watchConversions(
    () => storage.conversionCounts(),
    now,
    (error) => app.log.warn({ err: error }, 'conversion gauges not read'),
  );
  const onConversionsQueued = () => conversionSender.kick();

  // Instances sharing Postgres count together; the embedded SQLite default is one process.
  const sharedCounters = options.counterStore === undefined && config.databaseUrl !== undefined;
  const counterStore =
    options.counterStore ??
    (sharedCounters ? createDatabaseCounterStore(repo) : createMemoryCounterStore());
  const limits = createLimiter(
    counterStore,
    config.rateLimits,
    now,
    sharedCounters
      ? createBatchedCounterStore(repo, {
          onError: (error) => app.log.warn({ err: error }, 'rate-limit counters not written'),
        })
      : counterStore,
  );

  const onEmailQueued = () => outbox?.kick();
  const confirmations = createConfirmations({
    tokens,
    partners,
    publicBaseUrl: config.publicBaseUrl,
    smtpEnabled: outbox !== undefined,
  });
  const orders = createOrderService({
    repo,
    payments,
    tokens,
    partners,
    confirmations,
    onEmailQueued,
    conversions: conversionPlanner,
    onConversionsQueued,
    now,
    log: app.log,
  });
  // The test checkout keeps its state in our own database: there is no provider to ask.
  const reconcile =
    payments.provider === 'test' || config.reconcile.intervalMs === 0
      ? undefined
      : createReconcileJob({
          repo,
          payments,
          orders,
          metrics,
          log: app.log,
          now,
          settings: config.reconcile,
        });
  const ctx: AppContext = {
    config,
    limits,
    repo,
    tokens,
    partners,
    botCheck,
    payments,
    metrics,
    now,
    orders,
    resendLink: createResendLinkService({
      repo,
      confirmations,
      now,
      onEmailQueued,
      log: app.log,
    }),
    profiles: createProfileService({
      repo,
      tokens,
      partners,
      now,
      publicBaseUrl: config.publicBaseUrl,
      scanAppUrl: config.scanAppUrl,
      smtpEnabled: outbox !== undefined,
      onEmailQueued,
      conversions: conversionPlanner,
      onConversionsQueued,
      log: app.log,
    }),
  };

  app.decorate('resendLinkIdle', () => ctx.resendLink.idle());
  app.decorate('flushConversions', () => conversionSender.flush());
  installErrorHandling(app);
  installRequestMetrics(app, metrics);
  // First of the onRequest hooks: under overload the loop keeps turning and accepting.
  installTurnBudget(app);
  // Synchronous: no promise per response on the hot paths. The request id is sent back so a
  // visitor's report ("it failed at 10:02, id ...") finds the log lines.
  app.addHook('onRequest', (request, reply, done) => {
    applyBaseSecurityHeaders(reply, request.url);
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
  await app.register(freeClaimRoutes(ctx));
  await app.register(reportRoutes(ctx));
  await app.register(vitalsRoutes(ctx));
  // The consent notice's answer from a page whose script has not run.
  await app.register(consentRoutes({ secureCookie: config.publicBaseUrl.startsWith('https:') }));
  await app.register(stripeWebhookRoutes(ctx));
  if (payments.provider === 'test') await app.register(testPaymentRoutes(ctx));
  // The outbox shows every buyer's address and scan link: never with live settings.
  if (!outbox && !config.liveMode) await app.register(devOutboxRoutes(ctx));
  if (config.appEnv === 'development') await app.register(devScanRoutes);
  // Which version of a page each visitor sees: the page server and the app's page-version call.
  const pageVersions = createPageVersions({
    partners: partnerConfigs,
    now,
    secureCookie: config.publicBaseUrl.startsWith('https:'),
    record: (assignment) => repo.recordAssignment(assignment),
    onRecordError: (error) => app.log.warn({ err: error }, 'experiment assignment not recorded'),
  });
  await app.register(pageVersionRoutes(pageVersions));
  // Each page's Content-Security-Policy is its partner's: only that partner's tags' hosts.
  const pagePolicy = pagePolicies({
    partners: partnerConfigs,
    partnerFor: (hostname, url) =>
      partners.forHost(hostname) ?? partners.getOrDefault(routePartnerId(url)),
    siteTags: siteWideTags({
      VITE_GA_MEASUREMENT_ID: config.analytics.gaMeasurementId,
      VITE_GTM_CONTAINER_ID: config.analytics.gtmContainerId,
    }),
    stripe: payments.provider === 'stripe',
    recaptcha: Boolean(config.recaptchaSecretKey),
  });
  await registerSpa(app, options.staticDir, {
    partnerForHost: (hostname) => partners.forHost(hostname)?.id,
    choosePage: pageVersions.choose,
    contentSecurityPolicy: (request) => pagePolicy(request.hostname, request.url),
  });

  let metricsServer: Server | undefined;
  app.addHook('onReady', async () => {
    if (payments.provider === 'test')
      app.log.warn('Test payments are active: orders complete without any charge.');
    if (botCheck.kind === 'local' && config.liveMode) {
      app.log.warn(
        'RECAPTCHA_SECRET_KEY is not set: the offline bot check, which anyone can pass, is active with live settings.',
      );
    }
    if (config.liveMode && config.appEnv !== 'production') {
      app.log.warn(
        `Live settings (${config.liveReasons.join(', ')}): development pages are off and return addresses are restricted, although APP_ENV is ${config.appEnv}.`,
      );
    }
    if (payments.provider === 'stripe' && !payments.parseWebhook) {
      app.log.warn(
        'STRIPE_WEBHOOK_SECRET is not set: orders are fulfilled only while the visitor polls.',
      );
    }
    // Emails and conversions queued before a restart go out now.
    outbox?.kick();
    conversionSender.kick();
    reconcile?.start();
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
    await reconcile?.stop();
    // Links asked for just before the stop are queued before the database closes.
    await ctx.resendLink.idle();
    await outbox?.stop();
    await conversionSender.stop();
    await storage.close();
  });

  return app;
}
