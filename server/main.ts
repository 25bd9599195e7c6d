import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, PROJECT_ROOT } from './app.ts';
import { checkDeployment, formatDeployCheck } from './deployCheck.ts';

/**
 * Starts the API and serves the built site from ./dist when it exists. `npx tsx server/main.ts`
 * With --check-env it only checks the settings (`npm run check:env`): exit 0 when they are fine,
 * 1 with the list of what to fix. The server runs the same check before it listens.
 */
async function main(): Promise<void> {
  const check = checkDeployment();
  const appEnv = process.env.APP_ENV?.trim() || 'development';
  if (process.argv.includes('--check-env')) {
    console.log(formatDeployCheck(check, appEnv));
    process.exit(check.errors.length > 0 ? 1 : 0);
  }
  if (check.errors.length > 0 || !check.config) {
    console.error(formatDeployCheck(check, appEnv));
    process.exit(1);
  }
  const { config } = check;
  for (const warning of check.warnings) console.warn(`Warning: ${warning}`);

  const distDir = join(process.cwd(), 'dist');
  const staticDir = existsSync(join(distDir, 'index.html')) ? distDir : undefined;
  const app = await buildServer({
    config,
    root: PROJECT_ROOT,
    staticDir,
    // One JSON object per line (pino, Fastify's logger) with an ISO time, so a log collector
    // needs no parsing rules; request lines carry reqId (also sent back as x-request-id).
    logger: {
      level: config.logLevel,
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
    },
  });

  const shutdown = (signal: string) => {
    app.log.info(`${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  // Room in the accept queue for a burst of a thousand visitors' connections (Node's default
  // of 511 drops the rest until they retry, seconds later); the kernel caps it at somaxconn.
  await app.listen({ host: config.host, port: config.port, backlog: 2048 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`HomeSafe Scan running at http://127.0.0.1:${port}/`);
  if (!staticDir)
    console.log('No built site in ./dist (run `npm run build`); serving the API only.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
