import type { PartnerConfig } from './generated/partner.ts';
import { defaultPartnerId } from './constants.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * The partners of a build or a server, found by id or by host name, with the default partner as
 * the fallback (spec: an unknown id gets the default configuration). One directory for the browser
 * (prerender, Storybook, tests) and the server: browser-safe, no Node imports.
 */
export interface PartnerDirectory {
  byId: ReadonlyMap<string, PartnerConfig>;
  byHost: ReadonlyMap<string, PartnerConfig>;
  fallback: PartnerConfig;
}

export interface PartnerDirectoryOptions {
  /**
   * Without partners/default.json: 'throw' (the build's checked files always have it), or 'first'
   * (the server starts despite a broken file, which it logs, and falls back to the first partner).
   */
  withoutDefault?: 'throw' | 'first';
}

export function createPartnerDirectory(
  partners: readonly PartnerConfig[],
  { withoutDefault = 'throw' }: PartnerDirectoryOptions = {},
): PartnerDirectory {
  const byId = new Map(partners.map((partner) => [partner.id, partner]));
  const byHost = new Map(
    partners.flatMap((partner) => partner.hosts.map((host) => [host, partner] as const)),
  );
  const fallback =
    byId.get(defaultPartnerId) ?? (withoutDefault === 'first' ? partners[0] : undefined);
  if (!fallback) {
    throw new Error(
      partners.length === 0
        ? 'No partner configuration was loaded (partners/*.json)'
        : `partners/${defaultPartnerId}.json is missing`,
    );
  }
  return { byId, byHost, fallback };
}

/** "WWW.Example.com." -> "www.example.com"; a port or surrounding spaces are dropped. */
export function normalizeHostname(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The partner a host name belongs to, if any (spec §2: the host decides before the route). */
export function partnerForHost(
  directory: PartnerDirectory,
  hostname: string,
): PartnerConfig | undefined {
  return directory.byHost.get(normalizeHostname(hostname));
}

/** The partner with this id, or the default one. */
export function partnerOrDefault(directory: PartnerDirectory, id: string): PartnerConfig {
  return directory.byId.get(id) ?? directory.fallback;
}

/** Host name -> partner id, for a browser without the directory (/partner-data/hosts.json). */
export function hostMap(partners: readonly PartnerConfig[]): Record<string, string> {
  return Object.fromEntries(
    partners.flatMap((partner) => partner.hosts.map((host) => [host, partner.id])),
  );
}

export interface PartnerRequest {
  hostname?: string | undefined;
  clientId?: string | undefined;
  /** The language of the address (issue 37); absent: English. */
  language?: Language | undefined;
}

export type PartnerSource = 'host' | 'route' | 'fallback';

/**
 * Picks the partner for a visit (spec §2): the browser's host name wins when a partner lists it;
 * otherwise the optional :clientId route parameter; an unknown or missing id gives the default.
 */
export function resolvePartner(
  directory: PartnerDirectory,
  { hostname, clientId }: PartnerRequest,
): { partner: PartnerConfig; source: PartnerSource } {
  const byHost = hostname ? partnerForHost(directory, hostname) : undefined;
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
