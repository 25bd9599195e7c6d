import { ConfigError, loadServerConfig } from './config.ts';
import {
  ConversionUsageError,
  parseConversionArgs,
  runConversionCommand,
} from './conversions/commands.ts';
import { databaseTarget } from './storage/database.ts';
import { openRepository } from './storage/kyselyRepository.ts';

/**
 * Conversions sent from the server, for an operator: `npm run conversions -- [--limit N] |
 * --failed | --show <id> | --retry <id|all-failed>` (server/conversions/commands.ts). Uses
 * DATABASE_URL or DATABASE_PATH, and the destinations' settings, like the server.
 */
async function main(): Promise<void> {
  const command = parseConversionArgs(process.argv.slice(2));
  const config = loadServerConfig();
  const repo = await openRepository(databaseTarget(config));
  try {
    const where = config.databaseUrl ? 'DATABASE_URL' : config.databasePath;
    console.log(`Conversions of ${where}\n`);
    const result = await runConversionCommand(repo, config.conversions, command, Date.now());
    console.log(result.text);
    if (!result.ok) process.exitCode = 1;
  } finally {
    await repo.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof ConversionUsageError || error instanceof Error
      ? error.message
      : error,
  );
  process.exit(1);
});
