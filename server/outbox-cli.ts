import { parseOutboxArgs, runOutboxCommand } from './email/outboxCommands.ts';
import { runRepositoryCommand } from './repositoryCommand.ts';

/**
 * The email outbox for an operator: `npm run outbox -- [--limit N] [--html] | --failed |
 * --retry <id|all-failed>` (server/email/outboxCommands.ts). Uses DATABASE_URL or DATABASE_PATH
 * like the server.
 */
runRepositoryCommand('Outbox', () => {
  const command = parseOutboxArgs(process.argv.slice(2));
  return (repo) => runOutboxCommand(repo, command, Date.now());
});
