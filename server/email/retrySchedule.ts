/**
 * When a failed email is tried again: one minute after the first failure, doubling up to an hour
 * between tries, each delay spread by up to a fifth either way (so emails queued together during
 * an outage do not all hit the mail server in the same second when it comes back), and given up
 * only when a try fails 24 hours or more after the first failure. The last try is placed at the
 * 24-hour mark itself, so no email is given up sooner.
 */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  giveUpAfterMs: number;
  /** Each delay is multiplied by a factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  jitter: 0.2,
};

export interface RetryDecision {
  /** The next try, or null: give the email up. */
  retryAt: number | null;
  giveUpAt: number;
}

/**
 * After the `failures`-th failed try (1 for the first) at `now`. `giveUpAt` is the one stored at
 * the first failure (null before it); `random` returns [0, 1).
 */
export function nextRetry(
  policy: RetryPolicy,
  failures: number,
  now: number,
  giveUpAt: number | null,
  random: () => number = Math.random,
): RetryDecision {
  const deadline = giveUpAt ?? now + policy.giveUpAfterMs;
  if (now >= deadline) return { retryAt: null, giveUpAt: deadline };
  const base = Math.min(policy.firstDelayMs * 2 ** Math.max(0, failures - 1), policy.maxDelayMs);
  const spread = 1 - policy.jitter + 2 * policy.jitter * random();
  return { retryAt: Math.min(now + Math.round(base * spread), deadline), giveUpAt: deadline };
}
