import { ConfigError, loadServerConfig } from './config.ts';
import { parseOutboxArgs, runOutboxCommand, UsageError } from './email/outboxCommands.ts';
import { databaseTarget } from './storage/database.ts';
import { openRepository } from './storage/kyselyRepository.ts';

/**
 * The email outbox for an operator: `npm run outbox -- [--limit N] [--html] | --failed |
 * --retry <id|all-failed>` (server/email/outboxCommands.ts). Uses DATABASE_URL or DATABASE_PATH
 * like the server.
 */
async function main(): Promise<void> {
  const command = parseOutboxArgs(process.argv.slice(2));
  const config = loadServerConfig();
  const repo = await openRepository(databaseTarget(config));
  try {
    const where = config.databaseUrl ? 'DATABASE_URL' : config.databasePath;
    console.log(`Outbox of ${where}\n`);
    const result = await runOutboxCommand(repo, command, Date.now());
    console.log(result.text);
    if (!result.ok) process.exitCode = 1;
  } finally {
    await repo.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof UsageError || error instanceof Error
      ? error.message
      : error,
  );
  process.exit(1);
});
