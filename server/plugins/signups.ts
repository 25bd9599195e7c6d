import fp from 'fastify-plugin';
import { createSignupService, type SignupService } from '../services/signups.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Step 1: the email stored with what brought the visitor, and the action token. */
    signups: SignupService;
  }
}

export const signupsPlugin = fp(
  async (app) => {
    app.decorate(
      'signups',
      createSignupService({
        repo: app.repo,
        tokens: app.tokens,
        partners: app.partners,
        now: app.now,
      }),
    );
  },
  { name: 'signups', dependencies: ['core', 'storage', 'tokens', 'partners'] },
);
