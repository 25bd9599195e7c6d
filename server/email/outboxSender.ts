import type { Repository } from '../storage/repository.ts';
import type { Mailer } from './mailer.ts';

/**
 * Delivers queued emails over SMTP. Emails are first written to the outbox table in the same
 * transaction as the home profile, so a slow or failing mail server never loses one or slows the
 * visitor down; this sender retries pending rows a few times, then marks them failed.
 */
export interface OutboxSender {
  /** Starts a delivery round soon (without waiting); safe to call often. */
  kick(): void;
  /** Delivers what is pending now; resolves with the number sent. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

export interface OutboxSenderOptions {
  repo: Repository;
  mailer: Mailer;
  now?: () => number;
  maxAttempts?: number;
  retryIntervalMs?: number;
  onError?: (error: unknown, emailId: number) => void;
  /** A round that failed (the database away) is tried again after this long. */
  retryAfterErrorMs?: number;
  /** How long a sent email's "sent" mark is retried while the database is away. */
  markSentPatienceMs?: number;
}

const BATCH_SIZE = 20;
/** How long a taken email stays with this instance before another may try it (a crash midway). */
const LEASE_MS = 5 * 60 * 1000;

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { repo, mailer } = options;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 5;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  const retryAfterErrorMs = options.retryAfterErrorMs ?? 2000;
  const markSentPatienceMs = options.markSentPatienceMs ?? 60_000;
  let retryTimer: NodeJS.Timeout | undefined;

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
      if (stopped) {
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
      } catch (error) {
        options.onError?.(error, email.id);
        // Sent but not recorded (the database stayed away): the lease keeps others off it.
        if (delivered) continue;
        const message = error instanceof Error ? error.message : String(error);
        await repo.markEmailAttemptFailed(email.id, message, email.attempts + 1 >= maxAttempts);
      }
    }
    return sent;
  }

  async function loop(): Promise<number> {
    let total = 0;
    do {
      again = false;
      total += await deliverBatch();
    } while (again && !stopped);
    return total;
  }

  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = undefined;
    });
    return running;
  }

  function kick(): void {
    if (stopped) return;
    void flush().catch((error: unknown) => {
      options.onError?.(error, -1);
      // The database was away: try again soon rather than at the next minute's round.
      if (!stopped && !retryTimer) {
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          kick();
        }, retryAfterErrorMs);
        retryTimer.unref();
      }
    });
  }

  // Retries failed attempts; unref'd so it never keeps the process alive on its own.
  const timer = setInterval(() => kick(), options.retryIntervalMs ?? 60_000);
  timer.unref();

  return {
    kick,
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retryTimer);
      await running?.catch(() => undefined);
      mailer.close();
    },
  };
}
