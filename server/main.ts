import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer, PROJECT_ROOT, type BuildServerOptions } from './app.ts';
import { checkDeployment, formatDeployCheck } from './deployCheck.ts';
import { storageFailure } from './storage/failures.ts';

const STARTUP_RETRY_MS = 2000;

/**
 * Builds the server, waiting for a database that does not answer yet (Postgres still starting,
 * or restarting) up to DATABASE_STARTUP_WAIT_MS with one line per attempt; any other problem, or
 * a database still away after that, ends the start with the error (exit 1).
 */
async function buildWhenDatabaseAnswers(
  options: BuildServerOptions,
  waitMs: number,
): Promise<FastifyInstance> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await buildServer(options);
    } catch (error) {
      if (storageFailure(error) !== 'unavailable' || Date.now() + STARTUP_RETRY_MS > deadline)
        throw error;
      const reason = error instanceof Error ? error.message : String(error);
      console.error(
        `The database is not answering (attempt ${attempt}: ${reason}); trying again in ${STARTUP_RETRY_MS / 1000} s, for at most ${waitMs / 1000} s in all (DATABASE_STARTUP_WAIT_MS).`,
      );
      await new Promise((resolve) => setTimeout(resolve, STARTUP_RETRY_MS));
    }
  }
}

/**
 * SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish (a keep-alive
 * connection is closed as soon as it is idle, so none holds the stop open), then the outbox hands
 * back the emails it leased but did not send and the database closes (each plugin's onClose hook,
 * server/plugins/, in the reverse order of app.ts's registrations).
 * Exit 0 when all that is done, 1 if it takes longer than SHUTDOWN_TIMEOUT_MS.
 */
function stopOnSignals(app: FastifyInstance, timeoutMs: number): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing the requests in flight, then exiting`);
    const deadline = setTimeout(() => {
      app.log.error(
        `Requests still running ${timeoutMs} ms after ${signal} (SHUTDOWN_TIMEOUT_MS): exiting anyway`,
      );
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    // server.close() closes the connections idle at that moment; one whose answer is still being
    // written becomes idle later and would wait for its keep-alive timeout.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    reaper.unref();
    app.close().then(
      () => {
        app.log.info('Stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'Stopping failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

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
  const app = await buildWhenDatabaseAnswers(
    {
      config,
      root: PROJECT_ROOT,
      staticDir,
      // One JSON object per line (pino, Fastify's logger) with an ISO time, so a log collector
      // needs no parsing rules; request lines carry reqId (also sent back as x-request-id).
      logger: {
        level: config.logLevel,
        timestamp: () => `,"time":"${new Date().toISOString()}"`,
      },
    },
    config.databaseStartupWaitMs,
  );
  stopOnSignals(app, config.shutdownTimeoutMs);

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
