import type { OutboxRepository } from '../storage/repository.ts';
import { createDeliveryLoop } from './deliveryLoop.ts';
import { describeDeliveryError } from './deliveryError.ts';
import type { Mailer } from './mailer.ts';
import { DEFAULT_RETRY_POLICY, nextRetry, type RetryPolicy } from './retrySchedule.ts';

/**
 * Delivers queued emails over SMTP. Emails are first written to the outbox table in the same
 * transaction as what caused them, so a slow or failing mail server never loses one or slows the
 * visitor down. A failed try is scheduled again in its row (retrySchedule.ts: growing delays for
 * 24 hours), so any instance, or this one restarted, honours the schedule; a refused address is
 * failed at once. Each email is leased to one instance while it is sent (one delivery per email).
 */
export interface OutboxSender {
  /** Starts a delivery round soon (without waiting); safe to call often. */
  kick(): void;
  /** Delivers what is due now; resolves with the number sent. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

/** One failed try, for the log and the metrics. */
export interface AttemptFailure {
  emailId: number;
  error: unknown;
  reason: string;
  permanent: boolean;
  /** The next try, or null: the email is failed (refused, or 24 hours of tries are over). */
  retryAt: number | null;
}

export interface OutboxSenderOptions {
  repo: OutboxRepository;
  mailer: Mailer;
  now?: () => number;
  policy?: RetryPolicy;
  /** [0, 1) for the delays' jitter; tests pass a fixed one. */
  random?: () => number;
  /** How often due emails (retries, ones queued by another instance) are looked for. */
  retryIntervalMs?: number;
  onError?: (error: unknown, emailId: number) => void;
  onSent?: (emailId: number) => void;
  onAttemptFailed?: (failure: AttemptFailure) => void;
  /** A round that failed (the database away) is tried again after this long. */
  retryAfterErrorMs?: number;
  /** How long a sent email's "sent" mark is retried while the database is away. */
  markSentPatienceMs?: number;
}

const BATCH_SIZE = 20;
/**
 * How long a taken email stays with this instance before another may try it (a crash midway).
 * Longer than one try can take: the SMTP transport's timeouts end a try within about two minutes
 * (mailer.ts).
 */
export const LEASE_MS = 5 * 60 * 1000;

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { repo, mailer } = options;
  const now = options.now ?? Date.now;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const random = options.random ?? Math.random;
  const retryAfterErrorMs = options.retryAfterErrorMs ?? 2000;
  const markSentPatienceMs = options.markSentPatienceMs ?? 60_000;

  /**
   * After the mail server took an email, its row must say so, or the email would go out again
   * once the lease ends. With the database briefly away (a restart), keep trying for a while.
   */
  async function recordSent(id: number): Promise<void> {
    const deadline = Date.now() + markSentPatienceMs;
    for (;;) {
      try {
        await repo.markEmailSent(id, now());
        return;
      } catch (error) {
        if (Date.now() >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryAfterErrorMs));
      }
    }
  }

  async function deliverBatch(): Promise<number> {
    let sent = 0;
    const at = now();
    const emails = await repo.claimPendingEmails(BATCH_SIZE, at, LEASE_MS);
    for (const [index, email] of emails.entries()) {
      if (rounds.stopped) {
        // Stopping: hand the rest back at once, so another instance sends them without waiting
        // for the lease to run out.
        for (const left of emails.slice(index)) {
          await repo.releaseEmailLease(left.id, at + LEASE_MS);
        }
        break;
      }
      let delivered = false;
      try {
        await mailer.send({
          to: email.toAddress,
          subject: email.subject,
          html: email.html,
          text: email.text,
        });
        delivered = true;
        await recordSent(email.id);
        sent += 1;
        options.onSent?.(email.id);
      } catch (error) {
        // Sent but not recorded (the database stayed away): the lease keeps others off it.
        if (delivered) {
          options.onError?.(error, email.id);
          continue;
        }
        const failedAt = now();
        const { permanent, reason } = describeDeliveryError(error);
        const decision = nextRetry(policy, email.attempts + 1, failedAt, email.giveUpAt, random);
        const retryAt = permanent ? null : decision.retryAt;
        const gaveUp = !permanent && retryAt === null;
        await repo.markEmailAttemptFailed(email.id, {
          error: gaveUp ? `Given up after 24 hours of tries. Last error: ${reason}` : reason,
          retryAt,
          giveUpAt: decision.giveUpAt,
        });
        options.onAttemptFailed?.({ emailId: email.id, error, reason, permanent, retryAt });
      }
    }
    return sent;
  }

  const rounds = createDeliveryLoop({
    round: deliverBatch,
    // Sends what came due (retries, emails another instance queued).
    intervalMs: options.retryIntervalMs ?? 15_000,
    retryAfterErrorMs,
    onError: (error) => options.onError?.(error, -1),
  });

  return {
    kick: rounds.kick,
    flush: rounds.flush,
    async stop() {
      await rounds.stop();
      mailer.close();
    },
  };
}
