import { createHmac } from 'node:crypto';
import type { ConversionSettings } from '../config.ts';
import { createDeliveryLoop } from '../email/deliveryLoop.ts';
import { LEASE_MS } from '../email/outboxSender.ts';
import { DEFAULT_RETRY_POLICY, nextRetry, type RetryPolicy } from '../email/retrySchedule.ts';
import { partnerEnvSuffix } from '../settingKinds.ts';
import type {
  Conversion,
  ConversionDestination,
  ConversionRepository,
} from '../storage/repository.ts';

/**
 * Sends the queued conversions (planner.ts) to GA4, Meta and partners' systems, with the email
 * outbox's guarantees and its very schedule (email/retrySchedule.ts: 1 minute doubling to an
 * hour, given up after 24 hours) and lease (LEASE_MS): each row is leased to one instance while
 * it is sent, a failed try's next time is stored in the row, any instance honours it. The secret
 * of each destination is read from the settings when it is sent, never stored: without one the
 * row is marked no_key and nothing leaves the machine.
 */
export interface ConversionSender {
  kick(): void;
  /** Sends what is due now; resolves with the number sent. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

export type ConversionOutcome = 'sent' | 'retry' | 'refused' | 'given_up' | 'no_key';

export interface ConversionSenderOptions {
  repo: ConversionRepository;
  settings: ConversionSettings;
  now?: () => number;
  policy?: RetryPolicy;
  random?: () => number;
  retryIntervalMs?: number;
  /** One try's time limit (well inside the lease). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  onOutcome?: (destination: ConversionDestination, outcome: ConversionOutcome) => void;
  onAttemptFailed?: (conversion: Conversion, reason: string, retryAt: number | null) => void;
  onError?: (error: unknown) => void;
}

const BATCH_SIZE = 20;

/** The headers a partner's system checks (docs/measurement.md, "The partner's own system"). */
export const SIGNATURE_HEADER = 'x-homesafe-signature';
export const TIMESTAMP_HEADER = 'x-homesafe-timestamp';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** HMAC-SHA256 of `<timestamp>.<body>` with the partner's key, in hex. */
export function signBody(key: string, timestamp: number, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
}

/** The setting that holds a destination's secret for a partner, by its variable name. */
const SECRET_PREFIX: Record<ConversionDestination, string> = {
  ga4: 'GA4_API_SECRET__',
  meta: 'META_ACCESS_TOKEN__',
  partner: 'ORDER_SIGNING_KEY__',
};

export function secretName(destination: ConversionDestination, partnerId: string): string {
  return `${SECRET_PREFIX[destination]}${partnerEnvSuffix(partnerId)}`;
}

function secretOf(settings: ConversionSettings, conversion: Conversion): string | undefined {
  const keys: Record<ConversionDestination, ReadonlyMap<string, string>> = {
    ga4: settings.ga4ApiSecrets,
    meta: settings.metaAccessTokens,
    partner: settings.signingKeys,
  };
  return keys[conversion.destination].get(partnerEnvSuffix(conversion.partnerId));
}

export interface PreparedRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The HTTP request of a conversion with its secret (the command shows it with the secret hidden). */
export function prepareRequest(
  settings: ConversionSettings,
  conversion: Conversion,
  secret: string,
  nowMs: number,
): PreparedRequest {
  const body = conversion.body ?? '{}';
  const json = { 'content-type': 'application/json' };
  if (conversion.destination === 'ga4') {
    const url = new URL(settings.ga4Url);
    url.searchParams.set('measurement_id', conversion.target);
    url.searchParams.set('api_secret', secret);
    return { url: url.toString(), headers: json, body };
  }
  if (conversion.destination === 'meta') {
    // The token in the body, not the address, so it never reaches a proxy's access log.
    const withToken = { ...(JSON.parse(body) as Record<string, unknown>), access_token: secret };
    return {
      url: `${settings.metaUrl}/${encodeURIComponent(conversion.target)}/events`,
      headers: json,
      body: JSON.stringify(withToken),
    };
  }
  const timestamp = Math.floor(nowMs / 1000);
  const signed = JSON.stringify({ id: conversion.id, ...(JSON.parse(body) as object) });
  return {
    url: conversion.target,
    headers: {
      ...json,
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: `t=${timestamp},v1=${signBody(secret, timestamp, signed)}`,
      [IDEMPOTENCY_HEADER]: conversion.id,
    },
    body: signed,
  };
}

/**
 * A refusal that sending again will not change: the request itself is wrong (400, 422), or the
 * key is (401, 403: fix it, then retry with the command). Anything else, the receiver unreachable
 * or a 5xx, 408 or 429 included, is tried again.
 */
const PERMANENT = new Set([400, 401, 403, 404, 405, 410, 413, 422]);

export function createConversionSender(options: ConversionSenderOptions): ConversionSender {
  const { repo, settings } = options;
  const now = options.now ?? Date.now;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const random = options.random ?? Math.random;
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  /**
   * Once the receiver took it, the row must say so, or it would be sent again when the lease ends
   * (the receivers drop a repeat by its ids, but better not to make one): with the database briefly
   * away, keep trying for a minute, as the outbox does for an email's "sent" mark.
   */
  async function recordSent(id: string): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await repo.markConversionDone(id, { status: 'sent', at: now(), note: null });
        return;
      } catch (error) {
        if (Date.now() >= deadline || rounds.stopped) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  }

  async function attempt(conversion: Conversion): Promise<boolean> {
    const secret = secretOf(settings, conversion);
    if (secret === undefined) {
      await repo.markConversionDone(conversion.id, {
        status: 'no_key',
        at: now(),
        note: `Not sent: no key (${secretName(conversion.destination, conversion.partnerId)} is not set).`,
      });
      options.onOutcome?.(conversion.destination, 'no_key');
      return false;
    }
    const request = prepareRequest(settings, conversion, secret, now());
    let reason = '';
    let permanent = false;
    let delivered = false;
    try {
      const response = await send(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = (await response.text()).slice(0, 300);
      delivered = response.ok;
      permanent = PERMANENT.has(response.status);
      reason = `${permanent ? 'Refused' : 'Answered'} ${response.status}${text ? `: ${text}` : ''}`;
    } catch (error) {
      reason = `Could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (delivered) {
      // Outside the try: a database away now is not a failed delivery (the lease keeps it).
      await recordSent(conversion.id);
      options.onOutcome?.(conversion.destination, 'sent');
      return true;
    }
    const failedAt = now();
    const decision = nextRetry(
      policy,
      conversion.attempts + 1,
      failedAt,
      conversion.giveUpAt,
      random,
    );
    const retryAt = permanent ? null : decision.retryAt;
    const gaveUp = !permanent && retryAt === null;
    await repo.markConversionAttemptFailed(conversion.id, {
      error: gaveUp ? `Given up after 24 hours of tries. Last error: ${reason}` : reason,
      retryAt,
      giveUpAt: decision.giveUpAt,
    });
    options.onOutcome?.(
      conversion.destination,
      retryAt !== null ? 'retry' : permanent ? 'refused' : 'given_up',
    );
    options.onAttemptFailed?.(conversion, reason, retryAt);
    return false;
  }

  async function deliverBatch(): Promise<number> {
    let sent = 0;
    const at = now();
    const due = await repo.claimPendingConversions(BATCH_SIZE, at, LEASE_MS);
    for (const [index, conversion] of due.entries()) {
      if (rounds.stopped) {
        for (const left of due.slice(index))
          await repo.releaseConversionLease(left.id, at + LEASE_MS);
        break;
      }
      if (await attempt(conversion)) sent += 1;
    }
    return sent;
  }

  // The outbox's rounds: kicked when conversions are queued, a timer for retries that came due.
  const rounds = createDeliveryLoop({
    round: deliverBatch,
    intervalMs: options.retryIntervalMs ?? 15_000,
    retryAfterErrorMs: 2000,
    onError: (error) => options.onError?.(error),
  });

  return { kick: rounds.kick, flush: rounds.flush, stop: rounds.stop };
}
