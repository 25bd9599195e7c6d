import { defaultPartnerId } from '../config/constants.ts';
import type { PartnerConfig } from '../config/generated/partner.ts';
import { normalizeHostname } from '../config/resolvePartner.ts';
import type { PartnerCatalog } from './PartnerCatalog.ts';
import { CONTROL } from '../config/experiments.ts';
import { variantPartnerDataPath } from '../config/prerenderPages.ts';

/**
 * The browser's partner catalog. A prerendered page embeds its own partner (partnerDataScriptId);
 * any other partner is fetched when first needed from /partner-data/<id>.json (written at build,
 * served by the dev server), and an unknown id falls back to the default partner, as the spec
 * says. The page's JavaScript is therefore the same whatever the number of partners.
 */
export const partnerDataScriptId = 'partner-data';
export const partnerDataPath = (id: string) => `/partner-data/${encodeURIComponent(id)}.json`;
export const hostsDataPath = '/partner-data/hosts.json';

/** What a prerendered page embeds: its partner, and the host it was rendered for ('' for a route). */
export interface EmbeddedPartner {
  partner: PartnerConfig;
  host: string;
  /** On a page with an experiment: which version of it this is (src/config/experiments.ts). */
  version?: PageVersionShown;
  /** The partner's pages with an experiment that the app opens itself (IN_APP_PAGES). */
  inAppExperiments?: string[];
}

export interface PageVersionShown {
  page: string;
  id: string;
}

/**
 * What a prerendered page whose partner would make its HTML too long for the first round trip
 * embeds instead (tools/prerender/firstFlight.ts): where the partner file is. The boot script
 * preloads it as the app starts, so it costs no extra round trip after the scripts.
 */
export interface PartnerReference {
  href: string;
  host: string;
  version?: PageVersionShown;
  inAppExperiments?: string[];
}

export type PagePartnerData = EmbeddedPartner | PartnerReference;

export type FetchJson = (path: string) => Promise<unknown>;

const fetchJson: FetchJson = async (path) => {
  // The boot script preloaded the reference with `crossorigin` (anonymous): the same request mode
  // and credentials as this fetch's defaults, so the preload is used.
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
};

/** The page's own partner: embedded, or fetched from the file the page names. */
export async function readEmbeddedPartner(
  doc: Pick<Document, 'getElementById'>,
  load: FetchJson = fetchJson,
): Promise<EmbeddedPartner | undefined> {
  const text = doc.getElementById(partnerDataScriptId)?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as PagePartnerData;
  if ('partner' in data) return data;
  const partner = (await load(data.href)) as PartnerConfig | undefined;
  if (!partner) throw new Error(`${data.href} is missing: the page cannot start`);
  return {
    partner,
    host: data.host,
    ...(data.version ? { version: data.version } : {}),
    ...(data.inAppExperiments ? { inAppExperiments: data.inAppExperiments } : {}),
  };
}

/** How the browser learns and keeps a visitor's version of a page it opens itself. */
export interface VersionSource {
  /** The server's choice (GET /api/page-version), which also counts the visitor in the test. */
  ask(partnerId: string, pageKey: string): Promise<string>;
  remembered(pageKey: string): string | undefined;
  remember(version: PageVersionShown): void;
}

export function browserCatalog(
  embedded: EmbeddedPartner | undefined,
  load: FetchJson = fetchJson,
  versions?: VersionSource,
): PartnerCatalog {
  const known = new Map<string, PartnerConfig | Promise<PartnerConfig>>();
  if (embedded) known.set(embedded.partner.id, embedded.partner);
  let hosts: Promise<Record<string, string>> | undefined;

  const byId = (id: string): PartnerConfig | Promise<PartnerConfig> => {
    const cached = known.get(id);
    if (cached) return cached;
    const loading = (load(partnerDataPath(id)) as Promise<PartnerConfig | undefined>).then(
      (partner) => {
        if (partner) {
          known.set(id, partner);
          return partner;
        }
        if (id === defaultPartnerId) throw new Error('The default partner could not be loaded');
        const fallback = byId(defaultPartnerId);
        known.set(id, fallback);
        return fallback;
      },
    );
    known.set(id, loading);
    return loading;
  };

  // One answer per request, kept: React's use() must see the same promise on every render.
  const resolved = new Map<string, PartnerConfig | Promise<PartnerConfig>>();
  const resolveOnce = (key: string, find: () => PartnerConfig | Promise<PartnerConfig>) => {
    const hit = resolved.get(key);
    if (hit) return hit;
    const result = find();
    resolved.set(key, result);
    if (result instanceof Promise) void result.then((partner) => resolved.set(key, partner));
    return result;
  };

  const versioned = new Map<string, PartnerConfig | Promise<PartnerConfig>>();
  const versionOf = (partner: PartnerConfig, pageKey: string, assign: boolean) => {
    // The page came from the server as the visitor's version: nothing to ask.
    if (!versions || embedded?.version?.page === pageKey) return undefined;
    const key = `${partner.id} ${pageKey}`;
    const known = versioned.get(key);
    if (known) return known;
    const earlier = versions.remembered(pageKey);
    const runsHere =
      embedded?.partner.id === partner.id && embedded.inAppExperiments?.includes(pageKey) === true;
    if (earlier === undefined && !(assign && runsHere)) return undefined;
    const loading = (async (): Promise<PartnerConfig> => {
      try {
        const id = earlier ?? (await versions.ask(partner.id, pageKey));
        if (earlier === undefined) versions.remember({ page: pageKey, id });
        if (id === CONTROL) return partner;
        const version = (await load(variantPartnerDataPath(partner.id, pageKey, id))) as
          PartnerConfig | undefined;
        return version?.id === partner.id ? version : partner;
      } catch {
        // No answer (offline, server busy): the page as written, never a stuck step.
        return partner;
      }
    })();
    versioned.set(key, loading);
    void loading.then((result) => versioned.set(key, result));
    return loading;
  };

  return {
    versionOf,
    resolve({ hostname, clientId }) {
      // A page rendered for a partner's host stays that partner's (the host wins, spec §2).
      if (embedded?.host) return embedded.partner;
      const host = hostname ? normalizeHostname(hostname) : '';
      if (host && embedded?.partner.hosts.includes(host)) return embedded.partner;
      const id = clientId?.toLowerCase() || defaultPartnerId;
      if (host && !embedded) {
        // An address the server did not prerender (a static host without our server): the small
        // host map decides first, then the route.
        return resolveOnce(`${host} ${id}`, () => {
          hosts ??= load(hostsDataPath).then((map) => (map ?? {}) as Record<string, string>);
          return hosts.then((map) => byId(map[host] ?? id));
        });
      }
      return resolveOnce(id, () => byId(id));
    },
  };
}
