import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { createTokenService, type TokenService } from '../auth/tokens.ts';
import { legacyTokenSecret, type ServerConfig } from '../config.ts';
import type { SecretRepository } from '../storage/repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the action, claim and status tokens. */
    tokens: TokenService;
  }
}

/**
 * TOKEN_SECRET (required in production), or else the development secret generated once and kept
 * in the database, so every instance started with the same DATABASE_URL signs and verifies alike.
 * A SQLite folder's token-secret file from earlier releases seeds it, keeping old tokens valid.
 */
async function tokenSecret(config: ServerConfig, repo: SecretRepository, now: () => number) {
  if (config.tokenSecret !== undefined) return config.tokenSecret;
  const seed =
    (config.databaseUrl === undefined ? legacyTokenSecret(config.databasePath) : undefined) ??
    randomBytes(48).toString('base64url');
  return repo.sharedSecret('token_secret', seed, now());
}

export const tokensPlugin = fp(
  async (app) => {
    const secret = await tokenSecret(app.config, app.repo, app.now);
    app.decorate('tokens', createTokenService(secret, app.now));
  },
  { name: 'tokens', dependencies: ['core', 'storage'] },
);
