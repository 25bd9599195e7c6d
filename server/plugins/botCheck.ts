import fp from 'fastify-plugin';
import { createBotCheck, type BotCheck } from '../services/botCheck.ts';

declare module 'fastify' {
  interface FastifyInstance {
    botCheck: BotCheck;
  }
}

export interface BotCheckOptions {
  /** A bot check of the caller's (tests) instead of the one the settings name. */
  botCheck?: BotCheck | undefined;
}

/** reCAPTCHA with RECAPTCHA_SECRET_KEY, else the local check (`local:<action>` tokens). */
export const botCheckPlugin = fp<BotCheckOptions>(
  async (app, options) => {
    const botCheck =
      options.botCheck ??
      createBotCheck(app.config.recaptchaSecretKey, (error) =>
        app.log.error({ err: error }, 'reCAPTCHA check failed'),
      );
    app.decorate('botCheck', botCheck);
    app.addHook('onReady', async () => {
      if (botCheck.kind === 'local' && app.config.liveMode) {
        app.log.warn(
          'RECAPTCHA_SECRET_KEY is not set: the offline bot check, which anyone can pass, is active with live settings.',
        );
      }
    });
  },
  { name: 'bot-check', dependencies: ['core'] },
);
