import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Conversion, ConversionRepository, NewConversion } from '../repository.ts';
import type { ConversionsTable, Schema } from '../schema.ts';
import { claimLeased, recordFailedAttempt, releaseLease } from './leases.ts';

export function conversionRow(conversion: NewConversion): Insertable<ConversionsTable> {
  return {
    id: conversion.id,
    order_id: conversion.orderId,
    partner_id: conversion.partnerId,
    destination: conversion.destination,
    event: conversion.event,
    status: conversion.status,
    target: conversion.target,
    body: conversion.body,
    last_error: conversion.note,
    created_at: conversion.createdAt,
  };
}

export function toConversion(row: Selectable<ConversionsTable>): Conversion {
  return {
    id: row.id,
    orderId: row.order_id,
    partnerId: row.partner_id,
    destination: row.destination,
    event: row.event,
    status: row.status,
    target: row.target,
    body: row.body,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    nextAttemptAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
    giveUpAt: row.give_up_at === null ? null : Number(row.give_up_at),
  };
}

/** Queues conversions once per order, destination and event (the conversions_once index). */
export async function insertConversions(
  db: Kysely<Schema>,
  conversions: readonly NewConversion[] | undefined,
): Promise<void> {
  if (!conversions || conversions.length === 0) return;
  await db
    .insertInto('conversions')
    .values(conversions.map(conversionRow))
    .onConflict((conflict) => conflict.columns(['order_id', 'destination', 'event']).doNothing())
    .execute();
}

/** The conversions table: leased and retried as the outbox's emails are. */
export function conversionRepository(db: Kysely<Schema>): ConversionRepository {
  return {
    async claimPendingConversions(limit, now, leaseMs) {
      const rows = await claimLeased<Selectable<ConversionsTable>>(db, 'conversions', {
        limit,
        now,
        leaseMs,
        orderBy: ['created_at', 'id'],
      });
      return rows.map(toConversion);
    },

    async markConversionDone(id, outcome) {
      await db
        .updateTable('conversions')
        .set((eb) => ({
          status: outcome.status,
          attempts: outcome.status === 'sent' ? eb('attempts', '+', 1) : eb.ref('attempts'),
          last_error: outcome.note,
          sent_at: outcome.status === 'sent' ? outcome.at : null,
          locked_until: null,
          next_attempt_at: null,
        }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async markConversionAttemptFailed(id, failure) {
      await recordFailedAttempt(db, 'conversions', id, failure);
    },

    async releaseConversionLease(id, lockedUntil) {
      await releaseLease(db, 'conversions', id, lockedUntil);
    },

    async listConversions({ limit, undelivered }) {
      let query = db
        .selectFrom('conversions')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit);
      if (undelivered)
        query = query.where((eb) =>
          eb.or([
            eb('status', 'in', ['failed', 'no_key']),
            eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)]),
          ]),
        );
      return (await query.execute()).map(toConversion);
    },

    async getConversion(id) {
      const row = await db
        .selectFrom('conversions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toConversion(row);
    },

    async retryConversions(target, now) {
      const rows = await db
        .updateTable('conversions')
        .set({
          status: 'pending',
          attempts: 0,
          last_error: null,
          next_attempt_at: null,
          give_up_at: null,
          locked_until: null,
        })
        .where((eb) =>
          target === 'all-failed'
            ? eb('status', 'in', ['failed', 'no_key'])
            : eb.and([
                eb('id', '=', target),
                eb.or([
                  eb('status', 'in', ['failed', 'no_key']),
                  eb.and([
                    eb('status', '=', 'pending'),
                    eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
                  ]),
                ]),
              ]),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id).sort();
    },

    async conversionCounts() {
      // The partial index conversions_unsent's rows only, never the history of sent ones.
      const counts = await db
        .selectFrom('conversions')
        .select((eb) => [
          'status',
          eb.fn.countAll<number | string>().as('n'),
          eb.fn
            .sum<number | string | null>(sql`CASE WHEN attempts > 0 THEN 1 ELSE 0 END`)
            .as('tried'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('status', 'in', ['pending', 'failed', 'no_key'])
        .groupBy('status')
        .execute();
      const of = (status: string) => counts.find((row) => row.status === status);
      const pending = of('pending');
      const tried = Number(pending?.tried ?? 0);
      return {
        queued: Number(pending?.n ?? 0) - tried,
        retrying: tried,
        failed: Number(of('failed')?.n ?? 0),
        noKey: Number(of('no_key')?.n ?? 0),
        oldestPendingAt:
          pending?.oldest === undefined || pending.oldest === null ? null : Number(pending.oldest),
      };
    },
  };
}
