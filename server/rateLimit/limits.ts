import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actionTokenDigest } from '../auth/tokens.ts';
import type { RateLimitSettings } from '../config.ts';
import { ApiError, type ErrorCode } from '../http/errors.ts';
import type { CounterStore } from './counterStore.ts';

/**
 * The API's abuse limits, counted in a CounterStore (shared by every instance given the same
 * store). Per client address: signup, checkout session, status polling, create-home and "send me
 * my link again"; the page-view measurements (vitals) are counted like the status polls: often,
 * and cheaply. Per signup: how many checkout sessions (each a payment provider call) one action
 * token may open. Per email address: how many links may be asked for it.
 */
export type ClientLimit = 'signup' | 'checkout' | 'status' | 'complete' | 'resend' | 'vitals';

/** The per-address window: an hour, so an inbox cannot be flooded with links. */
export const PER_ADDRESS_WINDOW_MS = 60 * 60 * 1000;

/** A 429 answer: the error body plus the Retry-After header. */
export class RateLimitError extends ApiError {
  constructor(
    code: Extract<ErrorCode, 'rate_limited' | 'too_many_orders'>,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message, {}, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** The languages a 429's sentence is said in: the request's `language` (signup), else English. */
type WaitLanguage = 'en' | 'es';

const waitWords = {
  en: { second: 'second', seconds: 'seconds', minute: 'minute', minutes: 'minutes' },
  es: { second: 'segundo', seconds: 'segundos', minute: 'minuto', minutes: 'minutos' },
} as const;

/** "40 seconds", "1 minute", "3 minutes" ("3 minutos"): how long to wait, in words. */
export function waitInWords(seconds: number, language: WaitLanguage = 'en'): string {
  const words = waitWords[language];
  if (seconds <= 1) return `1 ${words.second}`;
  if (seconds < 60) return `${seconds} ${words.seconds}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? `1 ${words.minute}` : `${minutes} ${words.minutes}`;
}

/** The language a request's body asks for (the signup's `language`), once Fastify has parsed it. */
function requestLanguage(request: FastifyRequest): WaitLanguage {
  const { body } = request;
  return typeof body === 'object' && body !== null && 'language' in body && body.language === 'es'
    ? 'es'
    : 'en';
}

/**
 * The address a client's requests are counted under. IPv6 clients usually hold a whole /64, so
 * counting single addresses would let one visitor rotate through billions of them.
 */
export function clientKey(ip: string): string {
  if (ip.startsWith('::ffff:') && ip.includes('.')) return ip.slice('::ffff:'.length);
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface Limiter {
  /**
   * A hook counting the request under its client address: onRequest, or preValidation for a route
   * whose body says the visitor's language (the signup), so the 429 is said in it.
   */
  perClient(limit: ClientLimit): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Counts one checkout session for this action token; throws too_many_orders past the cap. */
  orderForSignup(actionToken: string): Promise<void>;
  /**
   * Counts one "send me my link again" request for this email address (known or not, so the
   * limit says nothing about whether it has an order); throws rate_limited past the cap.
   */
  resendForAddress(email: string): Promise<void>;
}

/** Over the limit: the sentence says how long to wait, in the visitor's language. */
function tooMany(retryAfterSeconds: number, language: WaitLanguage = 'en'): RateLimitError {
  const wait = waitInWords(retryAfterSeconds, language);
  return new RateLimitError(
    'rate_limited',
    language === 'es'
      ? `Demasiados intentos en poco tiempo. Por favor, espere ${wait} y vuelva a intentarlo.`
      : `Too many tries in a short time. Please wait ${wait} and try again.`,
    retryAfterSeconds,
  );
}

/**
 * `store` counts every limit; `pollingStore`, when given, counts status polling instead (the one
 * limit hit every second by every open checkout; see batchedCounterStore.ts).
 */
export function createLimiter(
  store: CounterStore,
  settings: RateLimitSettings,
  now: () => number,
  pollingStore: CounterStore = store,
): Limiter {
  async function count(key: string, max: number, windowMs: number, from = store) {
    const nowMs = now();
    const hit = await from.hit(key, windowMs, nowMs);
    const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetAtMs - nowMs) / 1000));
    return { over: hit.count > max, retryAfterSeconds };
  }

  return {
    perClient(limit) {
      const max = settings[limit];
      return async (request) => {
        const { over, retryAfterSeconds } = await count(
          `${limit}:${clientKey(request.ip)}`,
          max,
          settings.windowMs,
          limit === 'status' || limit === 'vitals' ? pollingStore : store,
        );
        if (over) throw tooMany(retryAfterSeconds, requestLanguage(request));
      };
    },
    async resendForAddress(email) {
      // A digest: the counters (a shared table with Postgres) never hold an address.
      const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
      const { over, retryAfterSeconds } = await count(
        `resend-address:${digest}`,
        settings.resendPerAddress,
        PER_ADDRESS_WINDOW_MS,
      );
      if (over) throw tooMany(retryAfterSeconds);
    },
    async orderForSignup(actionToken) {
      const digest = actionTokenDigest(actionToken);
      // Two hours: an action token lives 30 minutes, so it seldom straddles two windows.
      const { over, retryAfterSeconds } = await count(
        `orders:${digest}`,
        settings.ordersPerSignup,
        2 * 60 * 60 * 1000,
      );
      if (over) {
        throw new RateLimitError(
          'too_many_orders',
          'This signup has started too many payments. Please sign up again to continue.',
          retryAfterSeconds,
        );
      }
    },
  };
}
