import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../email/mailer.ts';
import { parseOutboxArgs, runOutboxCommand } from '../email/outboxCommands.ts';
import { createOutboxSender, type OutboxSender } from '../email/outboxSender.ts';
import { describeDeliveryError } from '../email/deliveryError.ts';
import { DEFAULT_RETRY_POLICY, nextRetry } from '../email/retrySchedule.ts';
import type { DatabaseTarget } from '../storage/database.ts';
import { openRepository, type OpenedRepository } from '../storage/kyselyRepository.ts';
import type { OutboxEmail } from '../storage/repository.ts';
import { startFakeSmtp, type FakeSmtp, type FakeSmtpOptions } from './fakeSmtp.ts';
import { createClock, must, tempDir, type Clock } from './helpers.ts';
import { ENGINES, freshPostgresUrl } from './postgres/database.ts';

/**
 * Issue 30, "Email that survives outages": the outbox sender against a fake SMTP server and a
 * fake clock, on both engines. The sender's own timer is kept out of the way (flush is called by
 * the test), so what is sent when follows the schedule stored in the rows alone.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const OUTAGE = '421 4.3.2 Service not available, try again later';
const NO_SUCH_USER = '550 5.1.1 No such user here';

describe.each(ENGINES)('outbox on %s', (engine) => {
  let temp: ReturnType<typeof tempDir>;
  let target: DatabaseTarget;
  let clock: Clock;
  let smtp: FakeSmtp | undefined;
  const opened: OpenedRepository[] = [];
  const senders: OutboxSender[] = [];

  beforeEach(async () => {
    temp = tempDir();
    target =
      engine === 'sqlite'
        ? { engine, path: join(temp.dir, 'outbox.db') }
        : { engine, url: await freshPostgresUrl(), poolSize: 4 };
    clock = createClock(Date.UTC(2026, 10, 26, 3, 0, 0));
  });
  afterEach(async () => {
    for (const sender of senders.splice(0)) await sender.stop();
    for (const repo of opened.splice(0)) await repo.close();
    await smtp?.close();
    smtp = undefined;
    temp.remove();
  });

  /** A repository of its own: another instance, as far as the database can tell. */
  async function instance(): Promise<OpenedRepository> {
    const repo = await openRepository(target);
    opened.push(repo);
    return repo;
  }

  async function sender(repo: OpenedRepository): Promise<OutboxSender> {
    const mailer = await createSmtpMailer(
      must(smtp, 'the fake SMTP').url,
      'hello@scan.example.test',
    );
    const created = createOutboxSender({
      repo,
      mailer,
      now: () => clock.now,
      random: () => 0.5, // no jitter: the delays are exactly 1, 2, 4… minutes
      retryIntervalMs: 24 * HOUR,
    });
    senders.push(created);
    return created;
  }

  async function queue(repo: OpenedRepository, ...addresses: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const address of addresses) {
      const row = await repo.db
        .insertInto('outbox')
        .values({
          to_address: address,
          subject: `Your HomeSafe Scan (${address})`,
          html: '<p>Hello</p>',
          text: 'Hello',
          partner_id: 'demo',
          report_id: null,
          status: 'pending',
          created_at: clock.now,
          sent_at: null,
          last_error: null,
          locked_until: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  async function email(repo: OpenedRepository, id: number): Promise<OutboxEmail> {
    return must(
      (await repo.listOutbox(1000)).find((e) => e.id === id),
      `email #${id}`,
    );
  }

  const deliveredTo = (address: string) =>
    must(smtp, 'the fake SMTP').received.filter((mail) => mail.to.join().includes(address)).length;

  it(
    'delivers every email once after a 30-minute outage, trying at growing intervals stored in the row; a refused address is tried once and failed',
    { timeout: 30_000 },
    async () => {
      const outageEnds = clock.now + 30 * MINUTE;
      const refusals: string[] = [];
      const options: FakeSmtpOptions = {
        greeting: () => (clock.now < outageEnds ? OUTAGE : undefined),
        recipient: (address) => {
          if (!address.startsWith('nobody@')) return undefined;
          refusals.push(address);
          return NO_SUCH_USER;
        },
      };
      smtp = await startFakeSmtp(options);
      const repo = await instance();
      const [anna, bob, nobody] = await queue(
        repo,
        'anna@example.com',
        'bob@example.com',
        'nobody@example.com',
      );
      const outbox = await sender(repo);

      const start = clock.now;
      await outbox.flush();
      expect(smtp.connections).toBe(3);
      const first = await email(repo, must(anna, 'anna'));
      expect(first).toMatchObject({
        status: 'pending',
        attempts: 1,
        nextAttemptAt: start + MINUTE,
      });
      expect(first.giveUpAt).toBe(start + DEFAULT_RETRY_POLICY.giveUpAfterMs);
      expect(first.lastError).toContain('421');

      // Another instance, or this one restarted, honours the stored time: nothing before it.
      clock.advance(30_000);
      await (await sender(await instance())).flush();
      expect(smtp.connections).toBe(3);

      // Minute by minute for 40 minutes: tries at 1, 3, 7, 15 and 31 minutes (1, 2, 4, 8, 16 apart).
      const triedAt: number[] = [];
      clock.now = start;
      for (let minute = 1; minute <= 40; minute += 1) {
        clock.now = start + minute * MINUTE;
        const before = smtp.connections;
        await outbox.flush();
        if (smtp.connections > before) triedAt.push(minute);
        if (minute === 20) {
          expect(await repo.outboxCounts()).toMatchObject({ queued: 0, retrying: 3, failed: 0 });
        }
      }
      expect(triedAt).toEqual([1, 3, 7, 15, 31]);
      expect(deliveredTo('anna@example.com')).toBe(1);
      expect(deliveredTo('bob@example.com')).toBe(1);
      expect(await email(repo, must(anna, 'anna'))).toMatchObject({ status: 'sent', attempts: 6 });
      expect(await email(repo, must(bob, 'bob'))).toMatchObject({ status: 'sent', attempts: 6 });

      // Unreachable during the outage (worth retrying), then refused for its address: failed at once.
      const refused = await email(repo, must(nobody, 'nobody'));
      expect(refused).toMatchObject({ status: 'failed', attempts: 6 });
      expect(refused.lastError).toContain('refused this address');
      expect(refused.lastError).toContain('550 5.1.1');
      expect(refusals).toHaveLength(1);
      expect(await repo.outboxCounts()).toMatchObject({ queued: 0, retrying: 0, failed: 1 });

      // Never again, however long the server runs.
      const connections = smtp.connections;
      clock.advance(2 * 24 * HOUR);
      await outbox.flush();
      expect(smtp.connections).toBe(connections);
      expect(smtp.received).toHaveLength(2);
    },
  );

  it(
    'keeps trying for 24 hours before giving an email up, and no sooner',
    { timeout: 30_000 },
    async () => {
      smtp = await startFakeSmtp({ greeting: () => OUTAGE });
      const repo = await instance();
      const [id] = await queue(repo, 'patient@example.com');
      const emailId = must(id, 'the email');
      const outbox = await sender(repo);
      const start = clock.now;
      let tries = 0;
      let current = await email(repo, emailId);
      while (current.status === 'pending') {
        clock.now = current.nextAttemptAt ?? clock.now;
        await outbox.flush();
        tries += 1;
        current = await email(repo, emailId);
        if (current.status === 'pending') expect(clock.now).toBeLessThan(start + 24 * HOUR);
        if (tries > 100) throw new Error('never given up');
      }
      expect(clock.now).toBe(start + 24 * HOUR);
      // 0, 1, 3, 7, 15, 31, 63 minutes, then every hour to 23 h 3 min, then the 24-hour mark.
      expect(tries).toBe(30);
      expect(current).toMatchObject({ status: 'failed', attempts: tries });
      expect(current.lastError).toMatch(/^Given up after 24 hours of tries\. Last error: .*421/);
      expect(smtp.connections).toBe(tries);
    },
  );

  it(
    'sends a failed email once more after --retry, and lists what failed and why for the operator',
    { timeout: 30_000 },
    async () => {
      let mailboxExists = false;
      smtp = await startFakeSmtp({
        recipient: (address) =>
          address === 'typo@example.com' && !mailboxExists ? NO_SUCH_USER : undefined,
      });
      const repo = await instance();
      const [typo, waiting] = await queue(repo, 'typo@example.com', 'later@example.com');
      const outbox = await sender(repo);
      await outbox.flush();
      expect(smtp.received).toHaveLength(1);
      // One waiting for a retry too, as if the server had asked to try later.
      await repo.db
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 2, next_attempt_at: clock.now + 4 * MINUTE })
        .set({ last_error: 'The mail server asked to try later: 451 4.7.1 Greylisted' })
        .where('id', '=', must(waiting, 'waiting'))
        .execute();

      const listed = (await runOutboxCommand(repo, parseOutboxArgs(['--failed']), clock.now)).text;
      expect(listed).toContain('Failed (1): not sent');
      expect(listed).toContain(`#${typo}  to typo@example.com`);
      expect(listed).toContain('"Your HomeSafe Scan (typo@example.com)"');
      expect(listed).toContain(
        'Why: The mail server refused this address (not retried): 550 5.1.1',
      );
      expect(listed).toContain('Waiting for a retry (1)');
      expect(listed).toContain(`#${waiting}  to later@example.com`);
      expect(listed).toContain('(in 4 min)');
      expect(listed).toContain('Last error: The mail server asked to try later: 451 4.7.1');
      expect(listed).toContain('npm run outbox -- --retry <id>');

      // The address fixed at the provider; the operator retries it: sent once, by the sender.
      mailboxExists = true;
      const answer = await runOutboxCommand(
        repo,
        parseOutboxArgs(['--retry', String(typo)]),
        clock.now,
      );
      expect(answer).toMatchObject({ ok: true });
      expect(answer.text).toContain(`Email #${typo} is queued to be sent again`);
      await outbox.flush();
      await outbox.flush();
      expect(deliveredTo('typo@example.com')).toBe(1);
      expect(await email(repo, must(typo, 'typo'))).toMatchObject({ status: 'sent' });
      // Sent meanwhile: a second retry does nothing and says so (exit code 1).
      expect(
        await runOutboxCommand(repo, parseOutboxArgs(['--retry', String(typo)]), clock.now),
      ).toEqual({
        ok: false,
        text: expect.stringContaining(`Not sent again: email #${typo} is not failed or waiting`),
      });
      expect(
        await runOutboxCommand(repo, parseOutboxArgs(['--retry', 'all-failed']), clock.now),
      ).toEqual({ ok: false, text: 'Not sent again: no email has failed.' });
      expect(() => parseOutboxArgs(['--retry', 'everything'])).toThrow(
        '--retry needs an email number',
      );
    },
  );

  it(
    'never sends one email twice with two senders on one database, through failures and retries',
    { timeout: 30_000 },
    async () => {
      let connection = 0;
      // Every third connection refused: retries interleave with first tries on both senders.
      smtp = await startFakeSmtp({
        greeting: () => ((connection += 1) % 3 === 0 ? OUTAGE : undefined),
      });
      const first = await instance();
      const second = await instance();
      const addresses = Array.from({ length: 24 }, (_, i) => `buyer${i}@example.com`);
      await queue(first, ...addresses);
      const a = await sender(first);
      const b = await sender(second);
      for (let round = 0; round < 12; round += 1) {
        await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);
        clock.advance(10 * MINUTE);
      }
      for (const address of addresses) expect(deliveredTo(address), address).toBe(1);
      expect(smtp.received).toHaveLength(addresses.length);
      expect(await first.outboxCounts()).toMatchObject({ queued: 0, retrying: 0, failed: 0 });
    },
  );
});

describe('retry schedule and what counts as a refusal', () => {
  it('spreads each delay by up to a fifth, caps it at an hour and never passes the give-up time', () => {
    const policy = DEFAULT_RETRY_POLICY;
    expect(nextRetry(policy, 1, 0, null, () => 0)).toEqual({
      retryAt: 48_000,
      giveUpAt: 24 * HOUR,
    });
    expect(nextRetry(policy, 3, 0, null, () => 0.999_999).retryAt).toBe(4 * MINUTE * 1.2);
    expect(nextRetry(policy, 12, 0, 24 * HOUR, () => 0.5).retryAt).toBe(HOUR);
    expect(nextRetry(policy, 20, 23.5 * HOUR, 24 * HOUR, () => 0.5).retryAt).toBe(24 * HOUR);
    expect(nextRetry(policy, 30, 24 * HOUR, 24 * HOUR, () => 0.5).retryAt).toBeNull();
  });

  it('fails at once only for a 5xx to RCPT TO; the login, the sender and "try later" are retried', () => {
    const smtpError = (fields: Record<string, unknown>) =>
      Object.assign(new Error('SMTP error'), fields);
    expect(
      describeDeliveryError(
        smtpError({
          code: 'EENVELOPE',
          command: 'RCPT TO',
          responseCode: 550,
          response: NO_SUCH_USER,
        }),
      ),
    ).toEqual({
      permanent: true,
      reason: `The mail server refused this address (not retried): ${NO_SUCH_USER}`,
    });
    for (const fields of [
      { code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, response: '535 5.7.8 Bad login' },
      { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 553, response: '553 Not allowed' },
      { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 452, response: '452 Mailbox full' },
      { code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:25' },
    ]) {
      expect(describeDeliveryError(smtpError(fields)).permanent, JSON.stringify(fields)).toBe(
        false,
      );
    }
  });
});
