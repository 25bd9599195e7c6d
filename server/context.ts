import type { TokenService } from './auth/tokens.ts';
import type { ServerConfig } from './config.ts';
import type { Metrics } from './http/metrics.ts';
import type { PaymentAdapter } from './payments/types.ts';
import type { Limiter } from './rateLimit/limits.ts';
import type { BotCheck } from './services/botCheck.ts';
import type { OrderService } from './services/orders.ts';
import type { PartnerDirectory } from './services/partners.ts';
import type { ProfileService } from './services/profiles.ts';
import type { ResendLinkService } from './services/resendLink.ts';
import type { Repository } from './storage/repository.ts';

/** What the route modules share; built once in buildServer. */
export interface AppContext {
  config: ServerConfig;
  /** The abuse limits (per client address and per signup). */
  limits: Limiter;
  repo: Repository;
  tokens: TokenService;
  partners: PartnerDirectory;
  botCheck: BotCheck;
  payments: PaymentAdapter;
  orders: OrderService;
  profiles: ProfileService;
  /** "Send me my link again" (step 2 links emailed again). */
  resendLink: ResendLinkService;
  metrics: Metrics;
  now: () => number;
}
