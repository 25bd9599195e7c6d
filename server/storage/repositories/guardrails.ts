import type { Kysely } from 'kysely';
import type { GuardrailRepository } from '../repository.ts';
import type { Schema } from '../schema.ts';

/** The guardrails' aggregates: one atomic upsert per row. */
export function guardrailRepository(db: Kysely<Schema>): GuardrailRepository {
  return {
    async addGuardrailCounts(counts) {
      if (counts.length === 0) return;
      // One statement for the page view's rows: each key is inserted or added to atomically
      // (ON CONFLICT ... DO UPDATE, the same on both engines), so instances never lose a count.
      await db
        .insertInto('guardrail_counts')
        .values(
          counts.map((row) => ({
            partner_id: row.partnerId,
            page_key: row.pageKey,
            variant: row.variant,
            day: row.day,
            metric: row.metric,
            bucket: row.bucket,
            count: row.count,
          })),
        )
        .onConflict((conflict) =>
          conflict
            .columns(['partner_id', 'page_key', 'variant', 'day', 'metric', 'bucket'])
            .doUpdateSet((eb) => ({
              count: eb('guardrail_counts.count', '+', eb.ref('excluded.count')),
            })),
        )
        .execute();
    },

    async guardrailCounts(filter = {}) {
      let query = db
        .selectFrom('guardrail_counts')
        .selectAll()
        .orderBy(['partner_id', 'page_key', 'variant', 'day', 'metric', 'bucket']);
      if (filter.partnerId !== undefined) query = query.where('partner_id', '=', filter.partnerId);
      const rows = await query.execute();
      return rows.map((row) => ({
        partnerId: row.partner_id,
        pageKey: row.page_key,
        variant: row.variant,
        day: row.day,
        metric: row.metric,
        bucket: Number(row.bucket),
        count: Number(row.count),
      }));
    },
  };
}
