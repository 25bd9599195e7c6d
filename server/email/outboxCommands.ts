import type { OutboxEmail, OutboxRepository } from '../storage/repository.ts';
import { formatOutboxEmail } from './formatOutbox.ts';

/**
 * The `npm run outbox` commands, as functions from arguments to the text printed, so tests run
 * them on a database without a process: list the latest emails, list the undelivered ones
 * (--failed), or queue failed ones again (--retry). A retried email is made pending again, not
 * sent from here: the running server(s) send it through the one delivery path, with its lease,
 * SMTP settings and retry schedule, so it cannot go out twice even while a server is sending.
 */
export type OutboxCommand =
  | { kind: 'list'; limit: number; html: boolean }
  | { kind: 'failed'; limit: number }
  | { kind: 'retry'; target: number | 'all-failed' };

export const OUTBOX_USAGE = [
  'Usage:',
  '  npm run outbox                          the latest emails (--limit N, --html)',
  '  npm run outbox -- --failed              emails not delivered: failed, and waiting for a retry',
  '  npm run outbox -- --retry <id>          send a failed (or waiting) email again',
  '  npm run outbox -- --retry all-failed    send every failed email again',
].join('\n');

export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n\n${OUTBOX_USAGE}`);
    this.name = 'UsageError';
  }
}

export function parseOutboxArgs(argv: readonly string[]): OutboxCommand {
  let limit = 20;
  let html = false;
  let mode: 'list' | 'failed' = 'list';
  let retry: number | 'all-failed' | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--html') html = true;
    else if (arg === '--failed') mode = 'failed';
    else if (arg === '--limit') {
      const value = Number(argv[i + 1]);
      if (!Number.isInteger(value) || value < 1)
        throw new UsageError('--limit needs a positive whole number.');
      limit = value;
      i += 1;
    } else if (arg === '--retry') {
      const value = argv[i + 1];
      if (value === 'all-failed') retry = value;
      else if (value !== undefined && /^\d+$/.test(value)) retry = Number(value);
      else
        throw new UsageError(
          '--retry needs an email number (the #12 that --failed shows) or all-failed.',
        );
      i += 1;
    } else {
      throw new UsageError(`Unknown option ${arg ?? ''}.`);
    }
  }
  if (retry !== undefined) return { kind: 'retry', target: retry };
  return mode === 'failed' ? { kind: 'failed', limit } : { kind: 'list', limit, html };
}

/** 2026-11-26 04:02 UTC */
function when(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function inAbout(ms: number): string {
  if (ms <= 0) return 'due now';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'in under a minute';
  if (minutes < 90) return `in ${minutes} min`;
  return `in ${Math.round(minutes / 60)} h`;
}

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

function undelivered(email: OutboxEmail, now: number): string {
  const head = `  #${email.id}  to ${email.toAddress}  (queued ${when(email.createdAt)}, ${tries(email.attempts)})`;
  const lines = [head, `       "${email.subject}"`];
  if (email.status === 'failed') {
    lines.push(`       Why: ${email.lastError ?? 'no reason recorded'}`);
  } else {
    const next = email.nextAttemptAt ?? now;
    lines.push(`       Next try: ${when(next)} (${inAbout(next - now)})`);
    if (email.giveUpAt !== null) lines.push(`       Gives up at: ${when(email.giveUpAt)}`);
    lines.push(`       Last error: ${email.lastError ?? 'none'}`);
  }
  return lines.join('\n');
}

/** What a command printed, and whether it did what was asked (the exit code: 0 or 1). */
export interface OutboxCommandResult {
  text: string;
  ok: boolean;
}

export async function runOutboxCommand(
  repo: OutboxRepository,
  command: OutboxCommand,
  now: number,
): Promise<OutboxCommandResult> {
  const text = await outboxCommandText(repo, command, now);
  // A retry that changed nothing was not done: a script calling it should notice.
  return { text, ok: command.kind !== 'retry' || !text.startsWith(NOT_RETRIED) };
}

const NOT_RETRIED = 'Not sent again: ';

async function outboxCommandText(
  repo: OutboxRepository,
  command: OutboxCommand,
  now: number,
): Promise<string> {
  if (command.kind === 'list') {
    const emails = await repo.listOutbox(command.limit);
    if (emails.length === 0) return 'The outbox is empty.';
    return emails
      .map((email) => formatOutboxEmail(email, command.html))
      .join(`\n\n${'='.repeat(72)}\n\n`);
  }
  if (command.kind === 'failed') {
    const emails = await repo.listUndeliveredEmails(command.limit);
    if (emails.length === 0)
      return 'Every email was delivered or is being sent: none failed, none waits for a retry.';
    const failed = emails.filter((email) => email.status === 'failed');
    const waiting = emails.filter((email) => email.status !== 'failed');
    const parts: string[] = [];
    if (failed.length > 0) {
      parts.push(
        `Failed (${failed.length}): not sent, and not tried again unless you retry them.`,
        ...failed.map((email) => undelivered(email, now)),
      );
    }
    if (waiting.length > 0) {
      if (parts.length > 0) parts.push('');
      parts.push(
        `Waiting for a retry (${waiting.length}): a running server tries them again on their own.`,
        ...waiting.map((email) => undelivered(email, now)),
      );
    }
    if (emails.length === command.limit)
      parts.push('', `Only the first ${command.limit} are shown (--limit N shows more).`);
    parts.push(
      '',
      'Send one again: npm run outbox -- --retry <id>   (every failed one: --retry all-failed)',
    );
    return parts.join('\n');
  }
  const ids = await repo.retryEmails(command.target, now);
  if (ids.length === 0) {
    return command.target === 'all-failed'
      ? `${NOT_RETRIED}no email has failed.`
      : `${NOT_RETRIED}email #${command.target} is not failed or waiting (it was sent, is being sent right now, or does not exist). npm run outbox -- --failed lists the ones that can be sent again.`;
  }
  const which =
    ids.length === 1 ? `Email #${ids[0]} is` : `${ids.length} emails (#${ids.join(', #')}) are`;
  return `${which} queued to be sent again, with a new 24-hour retry window. A running server with SMTP_URL sends ${ids.length === 1 ? 'it' : 'them'} within about 15 seconds; check with npm run outbox -- --failed.`;
}
