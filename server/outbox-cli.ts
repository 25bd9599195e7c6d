import { ConfigError, loadServerConfig } from './config.ts';
import { formatOutboxEmail } from './email/formatOutbox.ts';
import { databaseTarget } from './storage/database.ts';
import { openRepository } from './storage/kyselyRepository.ts';

/**
 * Prints the email outbox, latest first: `npx tsx server/outbox-cli.ts [--limit N] [--html]`.
 * Uses DATABASE_URL or DATABASE_PATH like the server.
 */
function parseArgs(argv: readonly string[]): { limit: number; html: boolean } {
  let limit = 20;
  let html = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--html') html = true;
    else if (arg === '--limit') {
      const value = Number(argv[i + 1]);
      if (!Number.isInteger(value) || value < 1)
        throw new Error('--limit needs a positive whole number');
      limit = value;
      i += 1;
    } else {
      throw new Error(`Unknown option ${arg}. Usage: outbox-cli [--limit N] [--html]`);
    }
  }
  return { limit, html };
}

async function main(): Promise<void> {
  const { limit, html } = parseArgs(process.argv.slice(2));
  const config = loadServerConfig();
  const repo = await openRepository(databaseTarget(config));
  try {
    const emails = await repo.listOutbox(limit);
    if (emails.length === 0) {
      console.log(
        `The outbox is empty (${config.databaseUrl ? 'DATABASE_URL' : config.databasePath}).`,
      );
      return;
    }
    console.log(
      emails.map((email) => formatOutboxEmail(email, html)).join(`\n\n${'='.repeat(72)}\n\n`),
    );
  } finally {
    await repo.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
