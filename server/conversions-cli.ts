import { parseConversionArgs, runConversionCommand } from './conversions/commands.ts';
import { runRepositoryCommand } from './repositoryCommand.ts';

/**
 * Conversions sent from the server, for an operator: `npm run conversions -- [--limit N] |
 * --failed | --show <id> | --retry <id|all-failed>` (server/conversions/commands.ts). Uses
 * DATABASE_URL or DATABASE_PATH, and the destinations' settings, like the server.
 */
runRepositoryCommand('Conversions', () => {
  const command = parseConversionArgs(process.argv.slice(2));
  return (repo, config) => runConversionCommand(repo, config.conversions, command, Date.now());
});
