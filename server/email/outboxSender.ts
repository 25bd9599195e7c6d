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

  async function deliverBatch(): Promise<number> {
    let sent = 0;
    for (const email of await repo.claimPendingEmails(BATCH_SIZE, now(), LEASE_MS)) {
      if (stopped) break;
      try {
        await mailer.send({
          to: email.toAddress,
          subject: email.subject,
          html: email.html,
          text: email.text,
        });
        await repo.markEmailSent(email.id, now());
        sent += 1;
      } catch (error) {
        options.onError?.(error, email.id);
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

  // Retries failed attempts; unref'd so it never keeps the process alive on its own.
  const timer = setInterval(
    () => void flush().catch(() => undefined),
    options.retryIntervalMs ?? 60_000,
  );
  timer.unref();

  return {
    kick() {
      if (!stopped) void flush().catch((error: unknown) => options.onError?.(error, -1));
    },
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      mailer.close();
    },
  };
}
