import type { Kysely } from 'kysely';
import type { HomeProfile } from '../../../src/config/generated/home-profile.ts';
import type { ProfileRepository } from '../repository.ts';
import type { Schema } from '../schema.ts';
import { insertConversions } from './conversions.ts';
import { outboxRow } from './outbox.ts';

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

/** Home profiles and the claim tokens' single use, written together. */
export function profileRepository(db: Kysely<Schema>): ProfileRepository {
  return {
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
  };
}
