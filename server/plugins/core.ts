import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings read from the environment (server/config.ts). */
    config: ServerConfig;
    /** The clock in Unix ms; tests move it to expire tokens and orders. */
    now: () => number;
  }
}

export interface CoreOptions {
  config: ServerConfig;
  now: () => number;
}

/** The settings and the clock every other plugin reads. */
export const corePlugin = fp<CoreOptions>(
  async (app, { config, now }) => {
    app.decorate('config', config);
    app.decorate('now', now);
    app.addHook('onReady', async () => {
      if (config.liveMode && config.appEnv !== 'production') {
        app.log.warn(
          `Live settings (${config.liveReasons.join(', ')}): development pages are off and return addresses are restricted, although APP_ENV is ${config.appEnv}.`,
        );
      }
    });
  },
  { name: 'core' },
);
