import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import type { SiteConfig } from '../../src/config/generated/site.ts';
import {
  createPartnerDirectory as indexPartners,
  partnerForHost,
  partnerOrDefault,
} from '../../src/config/resolvePartner.ts';
import type { AppEnv } from '../config.ts';

/**
 * The partners the server knows (loaded from partners/*.json by loadConfig), found as the browser
 * finds them (src/config/resolvePartner.ts), and the per-partner facts the API needs: campaign id,
 * amount and currency (from the partner's offer).
 */
export interface PartnerDirectory {
  readonly productName: string;
  readonly site: SiteConfig | undefined;
  /** Every partner, in file order. */
  all(): readonly PartnerConfig[];
  has(id: string): boolean;
  get(id: string): PartnerConfig | undefined;
  /** The partner, or the default one (spec: unknown ids fall back to the default configuration). */
  getOrDefault(id: string): PartnerConfig;
  /** The partner a host name belongs to (spec §2: the host decides before the route), if any. */
  forHost(hostname: string): PartnerConfig | undefined;
  campaignId(partner: PartnerConfig): string;
  amountCents(partner: PartnerConfig): number;
  currency(partner: PartnerConfig): string;
}

const FALLBACK_PRODUCT_NAME = 'HomeSafe Scan';

export interface PartnerDirectoryOptions {
  partners: readonly PartnerConfig[];
  site: SiteConfig | undefined;
  appEnv: AppEnv;
}

export function createPartnerDirectory(options: PartnerDirectoryOptions): PartnerDirectory {
  const directory = indexPartners(options.partners, { withoutDefault: 'first' });
  const { byId, fallback } = directory;
  const env = options.appEnv === 'production' ? 'prod' : 'dev';

  return {
    productName: options.site?.product ?? FALLBACK_PRODUCT_NAME,
    site: options.site,
    all: () => options.partners,
    has: (id) => byId.has(id),
    get: (id) => byId.get(id),
    getOrDefault: (id) => partnerOrDefault(directory, id),
    forHost: (hostname) => partnerForHost(directory, hostname),
    campaignId(partner) {
      // Same fallback as the front end: the partner's own campaign, else the default partner's.
      return (
        partner.offer.campaignId?.[env] ??
        fallback.offer.campaignId?.[env] ??
        `${partner.id}-${env}`
      );
    },
    // What is charged comes from the offer's amount, never from the price text shown.
    amountCents: (partner) => partner.offer.amountCents,
    currency: (partner) => partner.offer.currency,
  };
}
