import { sql, type CompiledQuery, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { HomeProfile } from '../../src/config/generated/home-profile.ts';
import { cleanAttribution } from '../../src/services/attribution/rules.ts';
import type { StoredAttribution } from '../attribution/stored.ts';
import { readSignals, type VisitorSignals } from '../conversions/signals.ts';
import { connectDatabase, type DatabaseTarget } from './database.ts';
import { runMigrations } from './migrations.ts';
import { storedLanguage } from '../services/languages.ts';
import type {
  LanguageCounts,
  Conversion,
  NewConversion,
  NewEmail,
  NewOrder,
  OrderRecord,
  OrderStatusRecord,
  OutboxEmail,
  Repository,
  SourceCounts,
} from './repository.ts';
import type { ConversionsTable, Engine, OrdersTable, OutboxTable, Schema } from './schema.ts';

/** The attribution columns of a signup or an order (migration 11). */
interface AttributionColumns {
  attribution: string | null;
  first_channel: string | null;
  last_channel: string | null;
}

function attributionColumns(attribution: StoredAttribution | null | undefined) {
  // Only when there is one: rows without it keep the columns' NULL.
  return attribution
    ? {
        attribution: JSON.stringify(attribution.touches),
        first_channel: attribution.firstChannel,
        last_channel: attribution.lastChannel,
      }
    : {};
}

function toAttribution(row: AttributionColumns): StoredAttribution | null {
  // Not a string: NULL, or no such column yet (a database before migration 11, in the tests).
  if (typeof row.attribution !== 'string') return null;
  // Stored clean: read back through the same rules (no time window: it was checked when stored),
  // so the type is proven rather than asserted.
  const touches = cleanAttribution(JSON.parse(row.attribution));
  return touches
    ? { touches, firstChannel: row.first_channel, lastChannel: row.last_channel }
    : null;
}

function signalsColumn(signals: VisitorSignals | null | undefined) {
  // Only when there are some: the column came with migration 12.
  return signals ? { signals: JSON.stringify(signals) } : {};
}

function conversionRow(conversion: NewConversion): Insertable<ConversionsTable> {
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

function toConversion(row: Selectable<ConversionsTable>): Conversion {
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
async function insertConversions(
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

function toOrder(row: Selectable<OrdersTable>): OrderRecord {
  return {
    id: row.id,
    partnerId: row.partner_id,
    email: row.email,
    campaignId: row.campaign_id,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
    paymentProvider: row.payment_provider,
    paymentSessionId: row.payment_session_id,
    returnUrl: row.return_url,
    statusToken: row.status_token,
    claimToken: row.claim_token,
    reportId: row.report_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    signupId: row.signup_id ?? null,
    attribution: toAttribution(row),
    signals: readSignals(row.signals) ?? null,
    language: storedLanguage(row.language),
  };
}

/** A new order's row: open, with no claim yet. */
function newOrderRow(order: NewOrder, sessionId: string | null): Insertable<OrdersTable> {
  return {
    id: order.id,
    partner_id: order.partnerId,
    email: order.email,
    campaign_id: order.campaignId,
    status: 'open',
    amount_cents: order.amountCents,
    currency: order.currency,
    payment_provider: order.paymentProvider,
    payment_session_id: sessionId,
    return_url: order.returnUrl,
    status_token: order.statusToken,
    claim_token: null,
    report_id: null,
    created_at: order.createdAt,
    updated_at: order.createdAt,
    // Only when there is one: the column came with migration 6.
    ...(order.visitorId ? { visitor_id: order.visitorId } : {}),
    // Migration 11; copied from the signup here and never updated after.
    ...(order.signupId ? { signup_id: order.signupId } : {}),
    ...attributionColumns(order.attribution),
    ...signalsColumn(order.signals),
    // Migration 13; the column's default ('en') otherwise.
    ...(order.language ? { language: order.language } : {}),
  };
}

/** An email's new outbox row; every insert goes through here. */
function outboxRow(email: NewEmail): Insertable<OutboxTable> {
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

function toEmail(row: Selectable<OutboxTable>): OutboxEmail {
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

function ownTheHomeToText(value: HomeProfile['ownTheHome']): string | null {
  if (value === undefined) return null;
  return value === '' ? '' : String(value);
}

function ownTheHomeFromText(value: string | null): HomeProfile['ownTheHome'] {
  if (value === null) return undefined;
  if (value === '') return '';
  return value === 'true';
}

const DESCRIBE_HOME = new Set<string>(['resident', 'caregiver', 'helper', 'professional']);
const NUM_FLOORS = new Set<string>(['1', '2', '3', '4+']);

function isDescribeHome(value: string): value is HomeProfile['describeHome'] {
  return DESCRIBE_HOME.has(value);
}

function isNumFloors(value: string): value is NonNullable<HomeProfile['numFloors']> {
  return NUM_FLOORS.has(value);
}

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

/** The status poll's read, compiled once: only the order id changes from poll to poll. */
function statusQuery(db: Kysely<Schema>): (orderId: string) => CompiledQuery<OrderStatusRecord> {
  const compiled = db
    .selectFrom('orders')
    .select([
      'status',
      'status_token as statusToken',
      'claim_token as claimToken',
      'payment_provider as paymentProvider',
      'payment_session_id as paymentSessionId',
      'created_at as createdAt',
    ])
    .where('id', '=', '')
    .compile();
  return (orderId) => ({ ...compiled, parameters: [orderId] });
}

export function createRepository(db: Kysely<Schema>, engine: Engine): OpenedRepository {
  const readStatus = statusQuery(db);
  let hitsSinceSweep = 0;

  return {
    engine,
    db,

    async addSignup(signup) {
      const row = await db
        .insertInto('signups')
        .values({
          email: signup.email,
          partner_id: signup.partnerId,
          created_at: signup.createdAt,
          ...(signup.visitorId ? { visitor_id: signup.visitorId } : {}),
          ...attributionColumns(signup.attribution),
          ...signalsColumn(signup.signals),
          ...(signup.language ? { language: signup.language } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async getSignupSource(signupId) {
      const row = await db
        .selectFrom('signups')
        .select([
          'email',
          'partner_id',
          'attribution',
          'first_channel',
          'last_channel',
          'signals',
          'language',
        ])
        .where('id', '=', signupId)
        .executeTakeFirst();
      return (
        row && {
          email: row.email,
          partnerId: row.partner_id,
          attribution: toAttribution(row),
          signals: readSignals(row.signals) ?? null,
          language: storedLanguage(row.language),
        }
      );
    },

    async createOrder(order) {
      await db.insertInto('orders').values(newOrderRow(order, null)).execute();
    },

    async createOrderForSession(order, sessionId) {
      // ON CONFLICT names the orders_payment_session unique index's columns (both engines).
      await db
        .insertInto('orders')
        .values(newOrderRow(order, sessionId))
        .onConflict((conflict) =>
          conflict.columns(['payment_provider', 'payment_session_id']).doNothing(),
        )
        .execute();
      const row = await db
        .selectFrom('orders')
        .selectAll()
        .where('payment_provider', '=', order.paymentProvider)
        .where('payment_session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return toOrder(row);
    },

    async setOpenOrderLanguage(orderId, language, at) {
      const result = await db
        .updateTable('orders')
        .set({ language, updated_at: at })
        .where('id', '=', orderId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async attachPaymentSession(orderId, sessionId, at) {
      await db
        .updateTable('orders')
        .set({ payment_session_id: sessionId, updated_at: at })
        .where('id', '=', orderId)
        .execute();
    },

    async getOrder(orderId) {
      const row = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirst();
      return row && toOrder(row);
    },

    async getOrderStatus(orderId) {
      return (await db.executeQuery(readStatus(orderId))).rows[0];
    },

    async findOrderBySession(provider, sessionId) {
      const row = await db
        .selectFrom('orders')
        .selectAll()
        .where('payment_provider', '=', provider)
        .where('payment_session_id', '=', sessionId)
        .executeTakeFirst();
      return row && toOrder(row);
    },

    async transitionOrder(orderId, from, to, at) {
      if (from.length === 0) return false;
      // Conditional on the status read by the caller: of two racing changes, exactly one moves it.
      const result = await db
        .updateTable('orders')
        .set({ status: to, updated_at: at })
        .where('id', '=', orderId)
        .where('status', 'in', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async fulfilOrder(orderId, fulfilment, from) {
      const { email } = fulfilment;
      if (from.length > 0) {
        // One conditional update: a second instance (webhook and poll at once) or a cancel that
        // got there first leaves it unchanged, and both read back the single stored outcome. The
        // confirmation email is queued only by the update that won, in its transaction.
        await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('orders')
            .set({
              status: 'completed',
              report_id: fulfilment.reportId,
              claim_token: fulfilment.claimToken,
              updated_at: fulfilment.at,
            })
            .where('id', '=', orderId)
            .where('claim_token', 'is', null)
            .where('status', 'in', from)
            .executeTakeFirst();
          if (result.numUpdatedRows !== 1n) return;
          if (email) await trx.insertInto('outbox').values(outboxRow(email)).execute();
          await insertConversions(trx, fulfilment.conversions);
        });
      }
      const row = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!row) throw new Error(`Cannot fulfil unknown order ${orderId}`);
      return toOrder(row);
    },

    async findOrdersAwaitingProfile(email, partnerId) {
      // lower(email) and partner_id: the orders_email index (migration 8).
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .where('partner_id', '=', partnerId)
        .where('status', '=', 'completed')
        .where('report_id', 'is not', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('claim_token_uses')
                .select('claim_token_uses.report_id')
                .whereRef('claim_token_uses.report_id', '=', 'orders.report_id'),
            ),
          ),
        )
        .orderBy('created_at', 'desc')
        .limit(5)
        .execute();
      return rows.map(toOrder);
    },

    async queueEmail(email) {
      await db.insertInto('outbox').values(outboxRow(email)).execute();
    },

    async completeProfile(c) {
      return db.transaction().execute(async (trx) => {
        // The claim token's single use is the primary key: a second completion inserts nothing.
        const use = await trx
          .insertInto('claim_token_uses')
          .values({ report_id: c.reportId, order_id: c.orderId, used_at: c.at })
          .onConflict((conflict) => conflict.column('report_id').doNothing())
          .executeTakeFirst();
        if (use.numInsertedOrUpdatedRows !== 1n) return 'already_used';
        const p = c.profile;
        await trx
          .insertInto('home_profiles')
          .values({
            report_id: c.reportId,
            order_id: c.orderId,
            describe_home: p.describeHome,
            street_address_line1: p.streetAddressLine1,
            postal_code: p.postalCode,
            own_the_home: ownTheHomeToText(p.ownTheHome),
            num_floors: p.numFloors ?? null,
            created_at: c.at,
          })
          .execute();
        await trx.insertInto('outbox').values(outboxRow(c.email)).execute();
        await insertConversions(trx, c.conversions);
        return 'stored' as const;
      });
    },

    async getHomeProfile(reportId) {
      const row = await db
        .selectFrom('home_profiles')
        .select([
          'order_id',
          'describe_home',
          'street_address_line1',
          'postal_code',
          'own_the_home',
          'num_floors',
        ])
        .where('report_id', '=', reportId)
        .executeTakeFirst();
      if (!row) return undefined;
      if (!isDescribeHome(row.describe_home))
        throw new Error(`Stored profile ${reportId} has an unknown describeHome`);
      const profile: HomeProfile & { orderId: string } = {
        orderId: row.order_id,
        describeHome: row.describe_home,
        streetAddressLine1: row.street_address_line1,
        postalCode: row.postal_code,
      };
      const ownTheHome = ownTheHomeFromText(row.own_the_home);
      if (ownTheHome !== undefined) profile.ownTheHome = ownTheHome;
      if (row.num_floors !== null && isNumFloors(row.num_floors))
        profile.numFloors = row.num_floors;
      return profile;
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
      const candidates = await db
        .selectFrom('outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
        .orderBy('id')
        .limit(limit)
        .execute();
      const claimed: OutboxEmail[] = [];
      for (const row of candidates) {
        // Conditional on the lease seen: when two senders race for one email, one update wins.
        const taken = await db
          .updateTable('outbox')
          .set({ locked_until: now + leaseMs })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .where((eb) =>
            row.locked_until === null
              ? eb('locked_until', 'is', null)
              : eb('locked_until', '=', row.locked_until),
          )
          .executeTakeFirst();
        if (taken.numUpdatedRows === 1n) claimed.push(toEmail(row));
      }
      return claimed;
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
      await db
        .updateTable('outbox')
        .set({ locked_until: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('locked_until', '=', lockedUntil)
        .execute();
    },

    async markEmailAttemptFailed(id, failure) {
      await db
        .updateTable('outbox')
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

    async claimPendingConversions(limit, now, leaseMs) {
      const candidates = await db
        .selectFrom('conversions')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      const claimed: Conversion[] = [];
      for (const row of candidates) {
        // Conditional on the lease seen, as claimPendingEmails: of two racing senders, one wins.
        const taken = await db
          .updateTable('conversions')
          .set({ locked_until: now + leaseMs })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .where((eb) =>
            row.locked_until === null
              ? eb('locked_until', 'is', null)
              : eb('locked_until', '=', row.locked_until),
          )
          .executeTakeFirst();
        if (taken.numUpdatedRows === 1n) claimed.push(toConversion(row));
      }
      return claimed;
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
      await db
        .updateTable('conversions')
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
    },

    async releaseConversionLease(id, lockedUntil) {
      await db
        .updateTable('conversions')
        .set({ locked_until: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('locked_until', '=', lockedUntil)
        .execute();
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

    async claimOrdersToReconcile(query) {
      const candidates = await db
        .selectFrom('orders')
        .selectAll()
        .where('status', 'in', ['open', 'processing'])
        .where('payment_provider', '=', query.provider)
        .where('payment_session_id', 'is not', null)
        .where('created_at', '<=', query.createdBefore)
        .where('created_at', '>=', query.createdAfter)
        .where((eb) =>
          eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', query.checkedBefore)]),
        )
        // Never-checked first, then the longest unchecked: a session the provider cannot find
        // never holds the others back.
        .orderBy(sql`COALESCE(checked_at, 0)`)
        .orderBy('created_at')
        .limit(query.limit)
        .execute();
      const claimed: OrderRecord[] = [];
      for (const row of candidates) {
        // Conditional on the check seen: of instances racing for one order, one update wins.
        const taken = await db
          .updateTable('orders')
          .set({ checked_at: query.at })
          .where('id', '=', row.id)
          .where('status', 'in', ['open', 'processing'])
          .where((eb) =>
            row.checked_at === null
              ? eb('checked_at', 'is', null)
              : eb('checked_at', '=', row.checked_at),
          )
          .executeTakeFirst();
        if (taken.numUpdatedRows === 1n) claimed.push(toOrder(row));
      }
      return claimed;
    },

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

    async hitCounter(key, windowStart, resetAt, hits = 1) {
      // Insert the window's first hits or add them, in one statement: atomic on both engines.
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ counter_key: key, window_start: windowStart, hits, reset_at: resetAt })
        .onConflict((conflict) =>
          conflict
            .columns(['counter_key', 'window_start'])
            .doUpdateSet((eb) => ({ hits: eb('rate_limit_counters.hits', '+', hits) })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= 1000) {
        // Finished windows are never read again; clear them now and then, off the caller's path.
        hitsSinceSweep = 0;
        void db
          .deleteFrom('rate_limit_counters')
          .where('reset_at', '<', windowStart)
          .execute()
          .catch(() => undefined);
      }
      return row.hits;
    },

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

    async funnel(filter = {}) {
      // Each assigned visitor counts once per step, for what they did after being given the
      // version (EXISTS, not a join: a visitor with two orders is one checkout). Plain SQL that
      // both engines read alike; Postgres returns its sums as strings, hence Number().
      const partnerFilter =
        filter.partnerId === undefined ? sql`` : sql`WHERE a.partner_id = ${filter.partnerId}`;
      const after = (alias: string) =>
        sql.raw(
          `${alias}.visitor_id = a.visitor_id AND ${alias}.partner_id = a.partner_id AND ${alias}.created_at >= a.created_at`,
        );
      const { rows } = await sql<{
        partner_id: string;
        page_key: string;
        test: string;
        variant: string;
        day: string;
        visitors: number | string;
        signups: number | string;
        checkouts: number | string;
        completed: number | string;
        profiles: number | string;
      }>`
        SELECT a.partner_id, a.page_key, a.test, a.variant, a.day,
          COUNT(*) AS visitors,
          SUM(CASE WHEN EXISTS (SELECT 1 FROM signups s WHERE ${after('s')}) THEN 1 ELSE 0 END) AS signups,
          SUM(CASE WHEN EXISTS (SELECT 1 FROM orders o WHERE ${after('o')}) THEN 1 ELSE 0 END) AS checkouts,
          SUM(CASE WHEN EXISTS (SELECT 1 FROM orders o WHERE ${after('o')} AND o.status = 'completed') THEN 1 ELSE 0 END) AS completed,
          SUM(CASE WHEN EXISTS (
            SELECT 1 FROM home_profiles h JOIN orders o ON o.id = h.order_id
            WHERE o.visitor_id = a.visitor_id AND o.partner_id = a.partner_id AND h.created_at >= a.created_at
          ) THEN 1 ELSE 0 END) AS profiles
        FROM experiment_assignments a
        ${partnerFilter}
        GROUP BY a.partner_id, a.page_key, a.test, a.variant, a.day
        ORDER BY a.partner_id, a.page_key, a.test, a.variant, a.day
      `.execute(db);
      return rows.map((row) => ({
        partnerId: row.partner_id,
        pageKey: row.page_key,
        test: row.test,
        variant: row.variant,
        day: row.day,
        visitors: Number(row.visitors),
        signups: Number(row.signups),
        checkouts: Number(row.checkouts),
        completed: Number(row.completed),
        profiles: Number(row.profiles),
      }));
    },

    async sourceCounts({ partnerId, touch }) {
      // Three GROUP BYs, each a count of distinct rows (plain SQL both engines read alike; COUNT
      // and SUM come back as strings from Postgres, hence Number()). The column is one of two
      // fixed names, never the caller's text.
      const channel = sql.ref(touch === 'first' ? 'first_channel' : 'last_channel');
      const signupChannel = sql.ref(touch === 'first' ? 's.first_channel' : 's.last_channel');
      const onePartner = (column: string) =>
        partnerId === undefined ? sql`` : sql`AND ${sql.ref(column)} = ${partnerId}`;
      const [signups, converted, orders] = await Promise.all([
        sql<{ partner_id: string; channel: string | null; n: Count }>`
          SELECT partner_id, ${channel} AS channel, COUNT(*) AS n FROM signups
          WHERE 1 = 1 ${onePartner('partner_id')}
          GROUP BY partner_id, ${channel}`.execute(db),
        // A signup with two paid orders converted once; its channel is its own (its orders carry
        // a copy of it).
        sql<{ partner_id: string; channel: string | null; n: Count }>`
          SELECT s.partner_id, ${signupChannel} AS channel, COUNT(DISTINCT s.id) AS n
          FROM orders o JOIN signups s ON s.id = o.signup_id
          WHERE o.status = 'completed' ${onePartner('s.partner_id')}
          GROUP BY s.partner_id, ${signupChannel}`.execute(db),
        sql<{
          partner_id: string;
          channel: string | null;
          currency: string;
          n: Count;
          cents: Count;
        }>`
          SELECT partner_id, ${channel} AS channel, currency, COUNT(*) AS n,
            SUM(amount_cents) AS cents
          FROM orders WHERE status = 'completed' ${onePartner('partner_id')}
          GROUP BY partner_id, ${channel}, currency`.execute(db),
      ]);
      return tallyCounts(
        (partnerId, channel: string | null): SourceCounts => ({
          partnerId,
          channel,
          ...noCounts(),
        }),
        signups.rows.map((row) => ({ partner: row.partner_id, key: row.channel, n: row.n })),
        converted.rows.map((row) => ({ partner: row.partner_id, key: row.channel, n: row.n })),
        orders.rows.map((row) => ({ ...row, partner: row.partner_id, key: row.channel })),
      );
    },

    async languageCounts({ partnerId } = {}) {
      // As sourceCounts: three GROUP BYs of plain SQL both engines read alike.
      const onePartner = (column: string) =>
        partnerId === undefined ? sql`` : sql`AND ${sql.ref(column)} = ${partnerId}`;
      const [signups, converted, orders] = await Promise.all([
        sql<{ partner_id: string; language: string; n: Count }>`
          SELECT partner_id, language, COUNT(*) AS n FROM signups
          WHERE 1 = 1 ${onePartner('partner_id')}
          GROUP BY partner_id, language`.execute(db),
        // A signup counts as converted in its own language, whatever its order's.
        sql<{ partner_id: string; language: string; n: Count }>`
          SELECT s.partner_id, s.language, COUNT(DISTINCT s.id) AS n
          FROM orders o JOIN signups s ON s.id = o.signup_id
          WHERE o.status = 'completed' ${onePartner('s.partner_id')}
          GROUP BY s.partner_id, s.language`.execute(db),
        sql<{ partner_id: string; language: string; currency: string; n: Count; cents: Count }>`
          SELECT partner_id, language, currency, COUNT(*) AS n, SUM(amount_cents) AS cents
          FROM orders WHERE status = 'completed' ${onePartner('partner_id')}
          GROUP BY partner_id, language, currency`.execute(db),
      ]);
      // Stored values that read as one language (storedLanguage) add up in one row.
      const keyed = <T extends { partner_id: string; language: string }>(row: T) => ({
        ...row,
        partner: row.partner_id,
        key: storedLanguage(row.language),
      });
      return tallyCounts(
        (partnerId, language: LanguageCounts['language']): LanguageCounts => ({
          partnerId,
          language,
          ...noCounts(),
        }),
        signups.rows.map(keyed),
        converted.rows.map(keyed),
        orders.rows.map(keyed),
      );
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

    async ping() {
      await sql`SELECT 1`.execute(db);
    },

    async close() {
      await db.destroy();
    },
  };
}

/** Counts as Postgres (strings) and SQLite (numbers) return them. */
type Count = number | string;

/** A report row's counts before any row is added. */
const noCounts = () => ({ signups: 0, converted: 0, orders: 0, revenue: [] });

/**
 * One report row per partner and key (a channel, a language) from three GROUP BYs: signups,
 * signups that paid, and paid orders by currency. Rows whose keys meet add up.
 */
function tallyCounts<K, Row extends Omit<SourceCounts, 'partnerId' | 'channel'>>(
  newRow: (partnerId: string, key: K) => Row,
  signups: readonly { partner: string; key: K; n: Count }[],
  converted: readonly { partner: string; key: K; n: Count }[],
  orders: readonly { partner: string; key: K; currency: string; n: Count; cents: Count }[],
): Row[] {
  const rows = new Map<string, Row>();
  const rowOf = (partner: string, key: K) => {
    const id = JSON.stringify([partner, key]);
    const found = rows.get(id);
    if (found) return found;
    const row = newRow(partner, key);
    rows.set(id, row);
    return row;
  };
  for (const row of signups) rowOf(row.partner, row.key).signups += Number(row.n);
  for (const row of converted) rowOf(row.partner, row.key).converted += Number(row.n);
  for (const row of orders) {
    const counts = rowOf(row.partner, row.key);
    counts.orders += Number(row.n);
    const same = counts.revenue.find((money) => money.currency === row.currency);
    if (same) same.amountCents += Number(row.cents);
    else counts.revenue.push({ currency: row.currency, amountCents: Number(row.cents) });
  }
  return [...rows.values()];
}
