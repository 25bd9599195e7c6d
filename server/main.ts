import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, PROJECT_ROOT } from './app.ts';
import { ConfigError, loadServerConfig } from './config.ts';

/** Starts the API and serves the built site from ./dist when it exists. `npx tsx server/main.ts` */
async function main(): Promise<void> {
  let config;
  try {
    config = loadServerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const distDir = join(process.cwd(), 'dist');
  const staticDir = existsSync(join(distDir, 'index.html')) ? distDir : undefined;
  const app = await buildServer({
    config,
    root: PROJECT_ROOT,
    staticDir,
    logger: { level: config.logLevel },
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
