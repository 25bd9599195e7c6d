import fp from 'fastify-plugin';
import { createConversionPlanner, type ConversionPlanner } from '../conversions/planner.ts';
import { createConversionSender } from '../conversions/sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Purchases and profiles sent to the partners' ad platforms and own systems. */
    conversions: {
      /** What a paid order or a saved profile sends, queued with it. */
      planner: ConversionPlanner;
      /** After conversions were queued: the sender's kick. */
      queued(): void;
    };
    /** Sends the conversions due now (tests with a moved clock; the timer does it otherwise). */
    flushConversions(): Promise<number>;
  }
}

export interface ConversionsOptions {
  /** The sender's HTTP client (tests count or fail requests); defaults to fetch. */
  conversionFetch?: typeof fetch | undefined;
  /** [0, 1) for the retry delays' jitter; tests pass a fixed one. */
  random?: (() => number) | undefined;
}

/**
 * The conversions queue (docs/measurement.md, "Sent from the server"): planned with each
 * fulfilment, sent by a leased sender that starts with the server and stops before the database.
 */
export const conversionsPlugin = fp<ConversionsOptions>(
  async (app, options) => {
    const { config, metrics, partners } = app;
    const planner = createConversionPlanner({
      settings: config.conversions,
      partner: (id) => partners.get(id),
      productName: partners.productName,
    });
    const sender = createConversionSender({
      repo: app.repo,
      settings: config.conversions,
      now: app.now,
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
      () => app.storage.conversionCounts(),
      app.now,
      (error) => app.log.warn({ err: error }, 'conversion gauges not read'),
    );
    app.decorate('conversions', { planner, queued: () => sender.kick() });
    app.decorate('flushConversions', () => sender.flush());
    // Conversions queued before a restart go out now.
    app.addHook('onReady', async () => sender.kick());
    app.addHook('onClose', async () => sender.stop());
  },
  { name: 'conversions', dependencies: ['core', 'metrics', 'storage', 'partners'] },
);
