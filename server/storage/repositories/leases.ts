import type { Kysely } from 'kysely';
import type { EmailFailure } from '../repository.ts';
import type { Schema } from '../schema.ts';

/**
 * Tables whose pending rows are each worked on by one sender at a time, across instances: the
 * email outbox and the conversions to ad platforms and CRMs. A row is leased by setting
 * `locked_until`; a lease that runs out (a sender that died) makes the row claimable again.
 */
export type LeasedTable = 'outbox' | 'conversions';

/** The columns a lease reads and writes, the same in every leased table. */
interface LeaseColumns {
  id: number | string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: number;
  locked_until: number | null;
  next_attempt_at: number | null;
  give_up_at: number | null;
}

/** The lease's view of the database: only the columns every leased table has. */
const leaseView = (db: Kysely<Schema>) =>
  db as unknown as Kysely<Record<LeasedTable, LeaseColumns>>;

export interface LeaseRequest {
  /** At most this many rows. */
  limit: number;
  now: number;
  /** How long a claimed row stays this sender's. */
  leaseMs: number;
  /** The order rows are claimed in, oldest first. */
  orderBy: readonly ('created_at' | 'id')[];
}

/**
 * Claims up to `limit` pending rows that are due and not leased (or whose lease ran out), and
 * returns them as they were read. Each claim is an update conditional on the lease seen, so when
 * two senders race for one row exactly one update wins and only its sender gets the row.
 */
export async function claimLeased<Row extends LeaseColumns>(
  db: Kysely<Schema>,
  table: LeasedTable,
  { limit, now, leaseMs, orderBy }: LeaseRequest,
): Promise<Row[]> {
  // One query serves both tables; the rows are read whole (selectAll), hence the caller's Row.
  const leases = leaseView(db);
  let query = leases
    .selectFrom(table)
    .selectAll()
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]));
  for (const column of orderBy) query = query.orderBy(column);
  const candidates = (await query.limit(limit).execute()) as Row[];
  const claimed: Row[] = [];
  for (const row of candidates) {
    const taken = await leases
      .updateTable(table)
      .set({ locked_until: now + leaseMs })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where((eb) =>
        row.locked_until === null
          ? eb('locked_until', 'is', null)
          : eb('locked_until', '=', row.locked_until),
      )
      .executeTakeFirst();
    if (taken.numUpdatedRows === 1n) claimed.push(row);
  }
  return claimed;
}

/** Hands back a lease this sender will not use (it is stopping), if it is still the one held. */
export async function releaseLease(
  db: Kysely<Schema>,
  table: LeasedTable,
  id: number | string,
  lockedUntil: number,
): Promise<void> {
  await leaseView(db)
    .updateTable(table)
    .set({ locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('locked_until', '=', lockedUntil)
    .execute();
}

/** Records a failed attempt: pending again at `retryAt`, or failed for good when it is null. */
export async function recordFailedAttempt(
  db: Kysely<Schema>,
  table: LeasedTable,
  id: number | string,
  failure: EmailFailure,
): Promise<void> {
  await leaseView(db)
    .updateTable(table)
    .set((eb) => ({
      status: failure.retryAt === null ? 'failed' : 'pending',
      attempts: eb('attempts', '+', 1),
      last_error: failure.error.slice(0, 1000),
      locked_until: null,
      next_attempt_at: failure.retryAt,
      give_up_at: failure.giveUpAt,
    }))
    .where('id', '=', id)
    // Never over a delivery another instance recorded meanwhile (a lease that ran out).
    .where('status', '=', 'pending')
    .execute();
}
