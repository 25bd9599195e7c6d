import { sql, type Kysely } from 'kysely';
import { connectDatabase, type DatabaseTarget } from './database.ts';
import { runMigrations } from './migrations.ts';
import type { Repository } from './repository.ts';
import { assignmentRepository } from './repositories/assignments.ts';
import { conversionRepository } from './repositories/conversions.ts';
import { counterRepository } from './repositories/counters.ts';
import { guardrailRepository } from './repositories/guardrails.ts';
import { orderRepository } from './repositories/orders.ts';
import { outboxRepository } from './repositories/outbox.ts';
import { profileRepository } from './repositories/profiles.ts';
import { reportRepository } from './repositories/reports.ts';
import { secretRepository } from './repositories/secrets.ts';
import { signupRepository } from './repositories/signups.ts';
import type { Engine, Schema } from './schema.ts';

export interface OpenOptions {
  /** Called with each migration version applied while opening (tests and start-up logging). */
  onMigrated?: (versions: number[]) => void;
}

/** A repository and the Kysely instance under it (the abuse-limit counter store shares it). */
export interface OpenedRepository extends Repository {
  readonly engine: Engine;
  readonly db: Kysely<Schema>;
}

/** Opens the database, applies the migrations it lacks and returns the repository over it. */
export async function openRepository(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<OpenedRepository> {
  const { db, engine } = connectDatabase(target);
  try {
    // Not inlined into the optional call below: `f?.(x)` skips evaluating x when f is missing.
    const applied = await runMigrations(db, engine);
    options.onMigrated?.(applied);
  } catch (error) {
    await db.destroy();
    const where = target.engine === 'sqlite' ? target.path : 'DATABASE_URL';
    throw new Error(
      `The ${target.engine === 'sqlite' ? 'SQLite' : 'Postgres'} database (${where}) could not be opened and migrated: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return createRepository(db, engine);
}

/**
 * The repository of every aggregate (storage/repositories/), over one Kysely instance: each is
 * written once for both engines, and a transaction that spans two aggregates (a fulfilment
 * queues its email and conversions) stays inside the aggregate that owns it.
 */
export function createRepository(db: Kysely<Schema>, engine: Engine): OpenedRepository {
  return {
    engine,
    db,
    ...signupRepository(db),
    ...orderRepository(db),
    ...profileRepository(db),
    ...outboxRepository(db),
    ...conversionRepository(db),
    ...secretRepository(db),
    ...counterRepository(db),
    ...assignmentRepository(db),
    ...reportRepository(db),
    ...guardrailRepository(db),

    async ping() {
      await sql`SELECT 1`.execute(db);
    },

    async close() {
      await db.destroy();
    },
  };
}
