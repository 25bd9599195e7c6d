import type { Server } from 'node:http';
import fp from 'fastify-plugin';
import {
  createMetrics,
  installRequestMetrics,
  metricsRoute,
  startMetricsServer,
  type Metrics,
} from '../http/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Prometheus metrics: one registry per server, every request timed. /metrics on the main port
 * only behind its token, or open in development; METRICS_PORT moves it to a port of its own
 * (metricsServerPlugin). In production without either, metrics are off.
 */
export const metricsPlugin = fp(
  async (app) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);
    installRequestMetrics(app, metrics);
    const { config } = app;
    if (
      config.metrics.port === undefined &&
      (config.metrics.token !== undefined || config.appEnv === 'development')
    ) {
      await app.register(metricsRoute(metrics, config.metrics.token));
    }
  },
  { name: 'metrics', dependencies: ['core'] },
);

/**
 * /metrics on METRICS_PORT. Registered last, so it opens once everything else is ready and is the
 * first thing closed (close hooks run in the reverse order of registration).
 */
export const metricsServerPlugin = fp(
  async (app) => {
    const { config } = app;
    const port = config.metrics.port;
    if (port === undefined) return;
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = await startMetricsServer(app.metrics, {
        host: config.host,
        port,
        token: config.metrics.token,
      });
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    });
  },
  { name: 'metrics-server', dependencies: ['metrics'] },
);
