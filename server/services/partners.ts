import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import type { SiteConfig } from '../../src/config/generated/site.ts';
import { normalizeHostname } from '../../src/config/resolvePartner.ts';
import { defaultPartnerId } from '../../src/config/node/validation/checkConfig.ts';
import type { AppEnv } from '../config.ts';

/**
 * The partners the server knows (loaded from partners/*.json by loadConfig) and the per-partner
 * facts the API needs: campaign id and price.
 */
export interface PartnerDirectory {
  readonly productName: string;
  readonly site: SiteConfig | undefined;
  has(id: string): boolean;
  get(id: string): PartnerConfig | undefined;
  /** The partner, or the default one (spec: unknown ids fall back to the default configuration). */
  getOrDefault(id: string): PartnerConfig;
  /** The partner a host name belongs to (spec §2: the host decides before the route), if any. */
  forHost(hostname: string): PartnerConfig | undefined;
  campaignId(partner: PartnerConfig): string;
  amountCents(partner: PartnerConfig): number;
}

const FALLBACK_PRODUCT_NAME = 'HomeSafe Scan';

/** "FREE" is the one price text that changes what is charged; every other partner pays the configured price. */
export function isFreeOffer(partner: PartnerConfig): boolean {
  return partner.claimOffer?.priceText?.trim().toUpperCase() === 'FREE';
}

/** "$75.00" -> 7500; undefined for texts that are not a plain dollar amount. */
export function priceTextCents(text: string | undefined): number | undefined {
  const match = /^\$\s*(\d{1,7})(?:\.(\d{2}))?$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number(match[2] ?? '0');
}

export interface PartnerDirectoryOptions {
  partners: readonly PartnerConfig[];
  site: SiteConfig | undefined;
  appEnv: AppEnv;
  priceAmountCents: number;
}

export function createPartnerDirectory(options: PartnerDirectoryOptions): PartnerDirectory {
  const byId = new Map(options.partners.map((partner) => [partner.id, partner]));
  const fallback = byId.get(defaultPartnerId) ?? options.partners[0];
  if (!fallback) throw new Error('No partner configuration was loaded (partners/*.json)');
  const env = options.appEnv === 'production' ? 'prod' : 'dev';
  const byHost = new Map(
    options.partners.flatMap((partner) => partner.hosts.map((host) => [host, partner] as const)),
  );

  return {
    productName: options.site?.product ?? FALLBACK_PRODUCT_NAME,
    site: options.site,
    has: (id) => byId.has(id),
    get: (id) => byId.get(id),
    getOrDefault: (id) => byId.get(id) ?? fallback,
    forHost: (hostname) => byHost.get(normalizeHostname(hostname)),
    campaignId(partner) {
      // Same fallback as the front end: the partner's own campaign, else the default partner's.
      return (
        partner.claimOffer?.campaignId?.[env] ??
        fallback.claimOffer?.campaignId?.[env] ??
        `${partner.id}-${env}`
      );
    },
    amountCents: (partner) => (isFreeOffer(partner) ? 0 : options.priceAmountCents),
  };
}

/** Partners whose advertised price differs from what would be charged; logged at start-up. */
export function priceMismatches(
  partners: readonly PartnerConfig[],
  priceAmountCents: number,
): string[] {
  return partners.flatMap((partner) => {
    if (isFreeOffer(partner)) return [];
    const shown = priceTextCents(partner.claimOffer?.priceText ?? '$75.00');
    return shown !== undefined && shown !== priceAmountCents
      ? [
          `${partner.id} shows ${partner.claimOffer?.priceText ?? '$75.00'} but ${priceAmountCents} cents are charged`,
        ]
      : [];
  });
}
