import type { ConversionSettings } from '../config.ts';
import type { Conversion, ConversionRepository } from '../storage/repository.ts';
import { prepareRequest, secretName } from './sender.ts';

/**
 * The `npm run conversions` commands, as functions from arguments to the text printed (tests run
 * them on a database without a process): the latest deliveries, the ones not delivered
 * (--failed: failed, no key, waiting for a retry), what one sends (--show: address, headers and
 * body, its secret hidden), and sending failed ones again (--retry). A retry makes the row pending
 * again; a running server sends it through the one sender, with its lease and schedule.
 */
export type ConversionCommand =
  | { kind: 'list'; limit: number }
  | { kind: 'failed'; limit: number }
  | { kind: 'show'; id: string }
  | { kind: 'retry'; target: string | 'all-failed' };

export const CONVERSIONS_USAGE = [
  'Usage:',
  '  npm run conversions                         the latest deliveries (--limit N)',
  '  npm run conversions -- --failed             not delivered: failed, no key, waiting for a retry',
  '  npm run conversions -- --show <id>          what one sends (or would send): address, headers, body',
  '  npm run conversions -- --retry <id>         send a failed, no-key (or waiting) one again',
  '  npm run conversions -- --retry all-failed   send every failed and no-key one again',
].join('\n');

export class ConversionUsageError extends Error {
  constructor(message: string) {
    super(`${message}\n\n${CONVERSIONS_USAGE}`);
    this.name = 'ConversionUsageError';
  }
}

const ID = /^[0-9a-f-]{36}$/;

export function parseConversionArgs(argv: readonly string[]): ConversionCommand {
  let limit = 20;
  let failed = false;
  let show: string | undefined;
  let retry: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--failed') failed = true;
    else if (arg === '--limit') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1)
        throw new ConversionUsageError('--limit needs a positive whole number.');
      limit = n;
      i += 1;
    } else if (arg === '--show') {
      if (value === undefined || !ID.test(value))
        throw new ConversionUsageError('--show needs a delivery id (as the list shows it).');
      show = value;
      i += 1;
    } else if (arg === '--retry') {
      if (value === undefined || (value !== 'all-failed' && !ID.test(value)))
        throw new ConversionUsageError('--retry needs a delivery id or all-failed.');
      retry = value;
      i += 1;
    } else {
      throw new ConversionUsageError(`Unknown option ${arg ?? ''}.`);
    }
  }
  if (retry !== undefined) return { kind: 'retry', target: retry };
  if (show !== undefined) return { kind: 'show', id: show };
  return failed ? { kind: 'failed', limit } : { kind: 'list', limit };
}

/** 2026-11-26 04:02 UTC */
const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const DESTINATION_NAMES: Record<Conversion['destination'], string> = {
  ga4: 'Google Analytics 4',
  meta: 'Meta',
  partner: "the partner's system",
};

function state(conversion: Conversion): string {
  switch (conversion.status) {
    case 'sent':
      return `sent ${when(conversion.sentAt ?? conversion.createdAt)}`;
    case 'pending':
      return conversion.attempts === 0
        ? 'queued'
        : `waiting: next try ${when(conversion.nextAttemptAt ?? conversion.createdAt)}`;
    case 'failed':
      return 'failed';
    case 'no_key':
      return 'not sent: no key';
    case 'skipped':
      return 'not sent';
  }
}

function line(conversion: Conversion): string {
  const tries = conversion.attempts === 1 ? '1 try' : `${conversion.attempts} tries`;
  const lines = [
    `  ${conversion.id}  ${when(conversion.createdAt)}  ${conversion.partnerId}`,
    `    ${conversion.event === 'purchase' ? 'Purchase' : 'Home profile'} of order ${conversion.orderId} to ${DESTINATION_NAMES[conversion.destination]} (${conversion.target}): ${state(conversion)}, ${tries}`,
  ];
  if (conversion.lastError) lines.push(`    ${conversion.lastError}`);
  return lines.join('\n');
}

export interface ConversionCommandResult {
  text: string;
  ok: boolean;
}

export async function runConversionCommand(
  repo: ConversionRepository,
  settings: ConversionSettings,
  command: ConversionCommand,
  now: number,
): Promise<ConversionCommandResult> {
  if (command.kind === 'list' || command.kind === 'failed') {
    const rows = await repo.listConversions({
      limit: command.limit,
      undelivered: command.kind === 'failed',
    });
    if (rows.length === 0)
      return {
        ok: true,
        text:
          command.kind === 'failed'
            ? "Every conversion was delivered, skipped by the visitor's choice or is being sent."
            : 'No conversion was queued yet.',
      };
    const parts = rows.map(line);
    if (rows.length === command.limit)
      parts.push('', `Only the first ${command.limit} are shown (--limit N shows more).`);
    parts.push(
      '',
      'What one sends: npm run conversions -- --show <id>   Again: --retry <id> (every failed one: --retry all-failed)',
    );
    return { ok: true, text: parts.join('\n') };
  }
  if (command.kind === 'show') {
    const conversion = await repo.getConversion(command.id);
    if (!conversion) return { ok: false, text: `No conversion ${command.id}.` };
    if (conversion.body === null)
      return {
        ok: true,
        text: `${line(conversion)}\n\nNothing is sent: ${conversion.lastError ?? 'skipped'}`,
      };
    const name = secretName(conversion.destination, conversion.partnerId);
    const request = prepareRequest(settings, conversion, `<${name}>`, now);
    const body = JSON.stringify(JSON.parse(request.body), null, 2);
    return {
      ok: true,
      text: [
        line(conversion),
        '',
        `POST ${request.url.replace(encodeURIComponent(`<${name}>`), `<${name}>`)}`,
        ...Object.entries(request.headers).map(([header, value]) => `${header}: ${value}`),
        '',
        body,
      ].join('\n'),
    };
  }
  const ids = await repo.retryConversions(command.target, now);
  if (ids.length === 0)
    return {
      ok: false,
      text:
        command.target === 'all-failed'
          ? 'Not sent again: no conversion has failed or lacked a key.'
          : `Not sent again: ${command.target} is not failed, without a key or waiting (it was sent, skipped, is being sent right now, or does not exist).`,
    };
  return {
    ok: true,
    text: `${ids.length === 1 ? `${ids[0]} is` : `${ids.length} conversions are`} queued to be sent again, with a new 24-hour retry window; a running server sends ${ids.length === 1 ? 'it' : 'them'} within about 15 seconds.`,
  };
}
