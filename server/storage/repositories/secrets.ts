import type { Kysely } from 'kysely';
import type { SecretRepository } from '../repository.ts';
import type { Schema } from '../schema.ts';

/** The app_secrets table: the first instance's value wins. */
export function secretRepository(db: Kysely<Schema>): SecretRepository {
  return {
    async sharedSecret(name, generated, at) {
      await db
        .insertInto('app_secrets')
        .values({ name, value: generated, created_at: at })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
