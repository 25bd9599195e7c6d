import { loadServerConfig, type ServerConfig } from './config.ts';
import { databaseTarget } from './storage/database.ts';
import { openRepository } from './storage/kyselyRepository.ts';
import type { Repository } from './storage/repository.ts';

/**
 * An operator's command on the server's database (`npm run outbox`, `npm run conversions`): the
 * settings and database the server uses (DATABASE_URL or DATABASE_PATH), a heading naming that
 * database, the command's text, and exit code 1 when it says something failed. A usage or
 * settings error is printed as its sentence. `command` reads the arguments first (a usage error
 * opens no database) and returns what to run.
 */
export function runRepositoryCommand(
  heading: string,
  command: () => (repo: Repository, config: ServerConfig) => Promise<{ text: string; ok: boolean }>,
): void {
  const main = async () => {
    const run = command();
    const config = loadServerConfig();
    const repo = await openRepository(databaseTarget(config));
    try {
      const where = config.databaseUrl ? 'DATABASE_URL' : config.databasePath;
      console.log(`${heading} of ${where}\n`);
      const result = await run(repo, config);
      console.log(result.text);
      if (!result.ok) process.exitCode = 1;
    } finally {
      await repo.close();
    }
  };
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
