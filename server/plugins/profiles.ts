import fp from 'fastify-plugin';
import { createProfileService, type ProfileService } from '../services/profiles.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Step 2: the home profile saved with its claim token, and the instructions email. */
    profiles: ProfileService;
  }
}

export const profilesPlugin = fp(
  async (app) => {
    const { config } = app;
    app.decorate(
      'profiles',
      createProfileService({
        repo: app.repo,
        tokens: app.tokens,
        partners: app.partners,
        now: app.now,
        publicBaseUrl: config.publicBaseUrl,
        scanAppUrl: config.scanAppUrl,
        smtpEnabled: app.email.sending,
        onEmailQueued: app.email.queued,
        conversions: app.conversions.planner,
        onConversionsQueued: app.conversions.queued,
        log: app.log,
      }),
    );
  },
  {
    name: 'profiles',
    dependencies: ['core', 'storage', 'tokens', 'partners', 'email', 'conversions'],
  },
);
