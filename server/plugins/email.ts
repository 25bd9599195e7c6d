import fp from 'fastify-plugin';
import { createSmtpMailer, type Mailer } from '../email/mailer.ts';
import { createOutboxSender } from '../email/outboxSender.ts';
import { createConfirmations, type Confirmations } from '../services/confirmations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The emails: written to the outbox, sent by SMTP when there is a server for it. */
    email: {
      /** True when an SMTP sender delivers queued emails; otherwise they stay in the outbox. */
      sending: boolean;
      /** The confirmation and "here is your link again" emails. */
      confirmations: Confirmations;
      /** After an email was queued: the SMTP sender's kick. */
      queued(): void;
    };
  }
}

export interface EmailOptions {
  /** A mailer of the caller's (tests) instead of SMTP_URL's. */
  mailer?: Mailer | undefined;
}

/**
 * The email outbox (docs/outbox.md): with SMTP a sender leases each pending email, sends it and
 * retries on a schedule; it starts with the server and hands back its leases when stopping.
 */
export const emailPlugin = fp<EmailOptions>(
  async (app, options) => {
    const { config, metrics } = app;
    const mailer =
      options.mailer ??
      (config.smtpUrl ? await createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined);
    const outbox =
      mailer &&
      createOutboxSender({
        repo: app.repo,
        mailer,
        now: app.now,
        onError: (error, emailId) =>
          app.log.error({ err: error, emailId }, 'email delivery failed'),
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
      () => app.storage.outboxCounts(),
      app.now,
      (error) => app.log.warn({ err: error }, 'outbox gauges not read'),
    );
    app.decorate('email', {
      sending: outbox !== undefined,
      confirmations: createConfirmations({
        tokens: app.tokens,
        partners: app.partners,
        publicBaseUrl: config.publicBaseUrl,
        smtpEnabled: outbox !== undefined,
      }),
      queued: () => outbox?.kick(),
    });
    if (!outbox) return;
    // Emails queued before a restart go out now.
    app.addHook('onReady', async () => outbox.kick());
    app.addHook('onClose', async () => outbox.stop());
  },
  { name: 'email', dependencies: ['core', 'metrics', 'storage', 'tokens', 'partners'] },
);
