import { sql, type Kysely } from 'kysely';
import { storedLanguage } from '../../services/languages.ts';
import type { LanguageCounts, ReportRepository, SourceCounts } from '../repository.ts';
import type { Schema } from '../schema.ts';

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

/** The report's counts: plain SQL that both engines read alike. */
export function reportRepository(db: Kysely<Schema>): ReportRepository {
  return {
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
  };
}
