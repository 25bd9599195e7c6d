import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { NewEmail, OutboxEmail, OutboxRepository } from '../repository.ts';
import type { OutboxTable, Schema } from '../schema.ts';
import { claimLeased, recordFailedAttempt, releaseLease } from './leases.ts';

/** An email's new outbox row; every insert goes through here. */
export function outboxRow(email: NewEmail): Insertable<OutboxTable> {
  return {
    // The column's default (migration 8) when it is one, as visitor_id above.
    ...(email.kind === 'instructions' ? {} : { kind: email.kind }),
    to_address: email.toAddress,
    subject: email.subject,
    html: email.html,
    text: email.text,
    partner_id: email.partnerId,
    report_id: email.reportId,
    status: email.status,
    created_at: email.createdAt,
    sent_at: null,
    last_error: null,
    locked_until: null,
  };
}

export function toEmail(row: Selectable<OutboxTable>): OutboxEmail {
  return {
    id: row.id,
    kind: row.kind,
    toAddress: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text,
    partnerId: row.partner_id,
    reportId: row.report_id,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.next_attempt_at,
    giveUpAt: row.give_up_at,
  };
}

/** The outbox table: each pending email leased to one sender at a time. */
export function outboxRepository(db: Kysely<Schema>): OutboxRepository {
  return {
    async queueEmail(email) {
      await db.insertInto('outbox').values(outboxRow(email)).execute();
    },

    async listOutbox(limit) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toEmail);
    },

    async claimPendingEmails(limit, now, leaseMs) {
      const rows = await claimLeased<Selectable<OutboxTable>>(db, 'outbox', {
        limit,
        now,
        leaseMs,
        orderBy: ['id'],
      });
      return rows.map(toEmail);
    },

    async markEmailSent(id, at) {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          status: 'sent',
          attempts: eb('attempts', '+', 1),
          last_error: null,
          sent_at: at,
          locked_until: null,
        }))
        .where('id', '=', id)
        .execute();
    },

    async releaseEmailLease(id, lockedUntil) {
      await releaseLease(db, 'outbox', id, lockedUntil);
    },

    async markEmailAttemptFailed(id, failure) {
      await recordFailedAttempt(db, 'outbox', id, failure);
    },

    async listUndeliveredEmails(limit) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('status', '=', 'failed'),
            eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)]),
          ]),
        )
        .orderBy('status')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toEmail);
    },

    async retryEmails(target, now) {
      const rows = await db
        .updateTable('outbox')
        .set({
          status: 'pending',
          attempts: 0,
          next_attempt_at: null,
          give_up_at: null,
          locked_until: null,
        })
        .where((eb) =>
          target === 'all-failed'
            ? eb('status', '=', 'failed')
            : eb.and([
                eb('id', '=', target),
                // A waiting one may be hurried; one leased right now is left to its sender.
                eb.or([
                  eb('status', '=', 'failed'),
                  eb.and([
                    eb('status', '=', 'pending'),
                    eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
                  ]),
                ]),
              ]),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id).sort((a, b) => a - b);
    },

    async outboxCounts() {
      // Reads the partial index outbox_unsent's rows only, never the history of sent emails.
      const counts = await db
        .selectFrom('outbox')
        .select((eb) => [
          'status',
          eb.fn.countAll<number | string>().as('n'),
          eb.fn
            .sum<number | string | null>(sql`CASE WHEN attempts > 0 THEN 1 ELSE 0 END`)
            .as('tried'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('status', 'in', ['pending', 'failed'])
        .groupBy('status')
        .execute();
      const pending = counts.find((row) => row.status === 'pending');
      const failed = counts.find((row) => row.status === 'failed');
      const tried = Number(pending?.tried ?? 0);
      return {
        queued: Number(pending?.n ?? 0) - tried,
        retrying: tried,
        failed: Number(failed?.n ?? 0),
        oldestPendingAt: pending?.oldest === undefined ? null : Number(pending.oldest),
      };
    },
  };
}
