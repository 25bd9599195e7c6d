import type { Kysely } from 'kysely';
import type { AssignmentRepository } from '../repository.ts';
import type { Schema } from '../schema.ts';

/** Experiment assignments: once per visitor, page and test. */
export function assignmentRepository(db: Kysely<Schema>): AssignmentRepository {
  return {
    async recordAssignment(assignment) {
      await db
        .insertInto('experiment_assignments')
        .values({
          visitor_id: assignment.visitorId,
          partner_id: assignment.partnerId,
          page_key: assignment.pageKey,
          variant: assignment.variant,
          campaign: assignment.campaign,
          day: new Date(assignment.createdAt).toISOString().slice(0, 10),
          created_at: assignment.createdAt,
          weights_key: assignment.weightsKey,
          test: assignment.test,
        })
        .onConflict((conflict) =>
          conflict.columns(['visitor_id', 'partner_id', 'page_key', 'test']).doNothing(),
        )
        .execute();
    },

    async splitCounts(filter = {}) {
      let query = db
        .selectFrom('experiment_assignments')
        .select(({ fn }) => [
          'partner_id',
          'page_key',
          'test',
          'weights_key',
          'variant',
          fn.countAll<number | string>().as('visitors'),
        ])
        .groupBy(['partner_id', 'page_key', 'test', 'weights_key', 'variant'])
        .orderBy('partner_id')
        .orderBy('page_key')
        .orderBy('test')
        .orderBy('weights_key')
        .orderBy('variant');
      if (filter.partnerId !== undefined) query = query.where('partner_id', '=', filter.partnerId);
      const rows = await query.execute();
      // Postgres returns COUNT as a string.
      return rows.map((row) => ({
        partnerId: row.partner_id,
        pageKey: row.page_key,
        test: row.test,
        weightsKey: row.weights_key,
        variant: row.variant,
        visitors: Number(row.visitors),
      }));
    },
  };
}
