import type { PartnerConfig } from './generated/partner.ts';
import { defaultPartnerId } from './constants.ts';

/**
 * Picks the partner for a visit (spec §2): the browser's host name wins when a partner lists it;
 * otherwise the optional :clientId route parameter; an unknown or missing id gives the default.
 */
export interface PartnerDirectory {
  byId: ReadonlyMap<string, PartnerConfig>;
  byHost: ReadonlyMap<string, PartnerConfig>;
  fallback: PartnerConfig;
}

export function createPartnerDirectory(partners: readonly PartnerConfig[]): PartnerDirectory {
  const byId = new Map(partners.map((partner) => [partner.id, partner]));
  const byHost = new Map(
    partners.flatMap((partner) => partner.hosts.map((host) => [host, partner] as const)),
  );
  const fallback = byId.get(defaultPartnerId);
  if (!fallback) throw new Error(`partners/${defaultPartnerId}.json is missing`);
  return { byId, byHost, fallback };
}

/** "WWW.Example.com." -> "www.example.com"; a port or surrounding spaces are dropped. */
export function normalizeHostname(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export interface PartnerRequest {
  hostname?: string | undefined;
  clientId?: string | undefined;
}

export type PartnerSource = 'host' | 'route' | 'fallback';

export function resolvePartner(
  directory: PartnerDirectory,
  { hostname, clientId }: PartnerRequest,
): { partner: PartnerConfig; source: PartnerSource } {
  const byHost = hostname ? directory.byHost.get(normalizeHostname(hostname)) : undefined;
  if (byHost) return { partner: byHost, source: 'host' };
  const byRoute = clientId ? directory.byId.get(clientId.toLowerCase()) : undefined;
  if (byRoute) return { partner: byRoute, source: 'route' };
  return { partner: directory.fallback, source: 'fallback' };
}

/** What the product is, for a title that would otherwise name the product twice. */
export const productSummary = 'Virtual Home Safety Assessment';

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * '{partner name} | {product}' (spec §1). The default partner is the product itself, and
 * "HomeSafe Scan | HomeSafe Scan" tells a visitor (or a search result, a browser tab, a bookmark)
 * nothing: a partner named like the product gets '{product} | Virtual Home Safety Assessment'.
 */
export function pageTitle(partner: PartnerConfig, product: string): string {
  return sameName(partner.name, product)
    ? `${product} | ${productSummary}`
    : `${partner.name} | ${product}`;
}
