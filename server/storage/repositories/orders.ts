import { sql, type CompiledQuery, type Insertable, type Kysely, type Selectable } from 'kysely';
import { readSignals } from '../../conversions/signals.ts';
import { storedLanguage } from '../../services/languages.ts';
import type { NewOrder, OrderRecord, OrderRepository, OrderStatusRecord } from '../repository.ts';
import type { OrdersTable, Schema } from '../schema.ts';
import { attributionColumns, signalsColumn, toAttribution } from './columns.ts';
import { insertConversions } from './conversions.ts';
import { outboxRow } from './outbox.ts';

export function toOrder(row: Selectable<OrdersTable>): OrderRecord {
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
export function newOrderRow(order: NewOrder, sessionId: string | null): Insertable<OrdersTable> {
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

/** The orders table; a fulfilment writes its email and conversions in the same transaction. */
export function orderRepository(db: Kysely<Schema>): OrderRepository {
  const readStatus = statusQuery(db);

  return {
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
  };
}
