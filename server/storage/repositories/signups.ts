import type { Kysely } from 'kysely';
import { readSignals } from '../../conversions/signals.ts';
import { storedLanguage } from '../../services/languages.ts';
import type { SignupRepository } from '../repository.ts';
import type { Schema } from '../schema.ts';
import { attributionColumns, signalsColumn, toAttribution } from './columns.ts';

/** The signups table: what an order opened from a signup copies. */
export function signupRepository(db: Kysely<Schema>): SignupRepository {
  return {
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
  };
}
