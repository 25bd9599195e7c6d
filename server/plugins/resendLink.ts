import fp from 'fastify-plugin';
import { createResendLinkService, type ResendLinkService } from '../services/resendLink.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Send me my link again" (step 2 links emailed again). */
    resendLink: ResendLinkService;
    /** Resolves when the "send me my link again" work started so far is done (tests wait on it). */
    resendLinkIdle(): Promise<void>;
  }
}

export const resendLinkPlugin = fp(
  async (app) => {
    const resendLink = createResendLinkService({
      repo: app.repo,
      confirmations: app.email.confirmations,
      now: app.now,
      onEmailQueued: app.email.queued,
      log: app.log,
    });
    app.decorate('resendLink', resendLink);
    app.decorate('resendLinkIdle', () => resendLink.idle());
    // Links asked for just before the stop are queued before the outbox and the database stop.
    app.addHook('onClose', async () => resendLink.idle());
  },
  { name: 'resend-link', dependencies: ['core', 'storage', 'email'] },
);
