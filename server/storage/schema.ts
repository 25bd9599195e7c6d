import type { Generated } from 'kysely';
import type {
  ConversionDestination,
  ConversionEvent,
  ConversionStatus,
  EmailKind,
  EmailStatus,
  OrderStatus,
  PaymentProvider,
} from './repository.ts';

/**
 * The tables as Kysely sees them (migrations.ts creates them). Times are epoch milliseconds;
 * Postgres stores them as BIGINT and the pool parses them back to numbers (database.ts).
 */
export type Engine = 'sqlite' | 'postgres';

export interface SignupsTable {
  id: Generated<number>;
  email: string;
  partner_id: string;
  created_at: number;
  visitor_id: string | null;
  /** Migration 11: the touches as JSON, and the channel of each (server/attribution/). */
  attribution: string | null;
  first_channel: string | null;
  last_channel: string | null;
  /** Migration 12: the measurement choice and advertising ids (server/conversions/signals.ts). */
  signals: string | null;
  /** Migration 13: the language of the page signed up on ('en' for rows from before). */
  language: Generated<string>;
}

export interface ExperimentAssignmentsTable {
  visitor_id: string;
  partner_id: string;
  page_key: string;
  variant: string;
  campaign: string | null;
  /** The UTC day of the assignment, YYYY-MM-DD. */
  day: string;
  created_at: number;
  /** The live versions and weights at assignment ("control:30,fast:70"); NULL before migration 9. */
  weights_key: string | null;
  /** Migration 14: the test drawn in (testKey: '' for hash version 1, and for rows from before). */
  test: Generated<string>;
}

export interface OrdersTable {
  id: string;
  partner_id: string;
  email: string;
  campaign_id: string;
  status: OrderStatus;
  amount_cents: number;
  currency: string;
  payment_provider: PaymentProvider;
  payment_session_id: string | null;
  return_url: string;
  status_token: string;
  claim_token: string | null;
  report_id: string | null;
  created_at: number;
  updated_at: number;
  visitor_id: string | null;
  /** When an instance last asked the payment provider about this unsettled order (migration 7). */
  checked_at: number | null;
  /** Migration 11: the signup the order was opened from and its attribution, copied then. */
  signup_id: number | null;
  attribution: string | null;
  first_channel: string | null;
  last_channel: string | null;
  /** Migration 12: the signup's signals, copied with its attribution. */
  signals: string | null;
  /** Migration 13: the visitor's language: its emails, their links and the report's split. */
  language: Generated<string>;
}

export interface HomeProfilesTable {
  report_id: string;
  order_id: string;
  describe_home: string;
  street_address_line1: string;
  postal_code: string;
  own_the_home: string | null;
  num_floors: string | null;
  created_at: number;
}

export interface ClaimTokenUsesTable {
  report_id: string;
  order_id: string;
  used_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  partner_id: string;
  report_id: string | null;
  status: EmailStatus;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  locked_until: number | null;
  /** Not tried again before this time (null: due now). */
  next_attempt_at: number | null;
  /** A failure at or after this time gives the email up (set at its first failure). */
  give_up_at: number | null;
  /** Migration 8; rows from before it are 'instructions'. */
  kind: Generated<EmailKind>;
}

/** Migration 12: one delivery of a conversion to an ad platform or a partner's system. */
export interface ConversionsTable {
  id: string;
  order_id: string;
  partner_id: string;
  destination: ConversionDestination;
  event: ConversionEvent;
  status: ConversionStatus;
  target: string;
  body: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  locked_until: number | null;
  next_attempt_at: number | null;
  give_up_at: number | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface RateLimitCountersTable {
  counter_key: string;
  window_start: number;
  hits: number;
  reset_at: number;
}

/**
 * Guardrails from real visitors (server/report/guardrails.ts): counts only. A metric's histogram
 * bucket, or a page-view counter (metric 'views' or 'error_views' or 'errors', bucket 0), per
 * partner, page, version and UTC day. No visitor id, address or user agent.
 */
export interface GuardrailCountsTable {
  partner_id: string;
  page_key: string;
  variant: string;
  day: string;
  metric: string;
  bucket: number;
  count: number;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

export interface Schema {
  signups: SignupsTable;
  orders: OrdersTable;
  home_profiles: HomeProfilesTable;
  claim_token_uses: ClaimTokenUsesTable;
  outbox: OutboxTable;
  conversions: ConversionsTable;
  app_secrets: AppSecretsTable;
  rate_limit_counters: RateLimitCountersTable;
  schema_migrations: SchemaMigrationsTable;
  experiment_assignments: ExperimentAssignmentsTable;
  guardrail_counts: GuardrailCountsTable;
}
