import { defaultPartnerId } from '../config/constants.ts';
import type { PartnerConfig } from '../config/generated/partner.ts';
import { normalizeHostname } from '../config/resolvePartner.ts';
import type { PageArrival, PageVersionShown, PartnerCatalog } from './PartnerCatalog.ts';
import type { Language } from '../i18n/languages.ts';
import { usable } from '../lib/usable.ts';

/**
 * The browser's partner catalog. A prerendered page embeds its own partner (partnerDataScriptId);
 * any other partner is fetched when first needed from /partner-data/<id>.json (written at build,
 * served by the dev server), and an unknown id falls back to the default partner, as the spec
 * says. The page's JavaScript is therefore the same whatever the number of partners.
 */
export const partnerDataScriptId = 'partner-data';
/** A partner's file in a language: English /partner-data/demo.json, Spanish demo.es.json. */
export const partnerDataPath = (id: string, language = 'en') =>
  `/partner-data/${encodeURIComponent(id)}${language === 'en' ? '' : `.${language}`}.json`;
export const hostsDataPath = '/partner-data/hosts.json';

/**
 * What a prerendered page embeds: its partner, the host it was rendered for ('' for a route), and
 * what it says of its experiments (PageArrival).
 */
export interface EmbeddedPartner extends PageArrival {
  host: string;
  /** The page's language, which its partner is shown in (issue 37); absent: English. */
  language?: Language;
}

export type { PageVersionShown };

/**
 * What a prerendered page whose partner would make its HTML too long for the first round trip
 * embeds instead (tools/prerender/firstFlight.ts): where the partner file is. The boot script
 * preloads it as the app starts, so it costs no extra round trip after the scripts.
 */
export interface PartnerReference {
  href: string;
  host: string;
  language?: Language;
  version?: PageVersionShown;
  experiments?: string[];
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
  return { ...data, partner };
}

export function browserCatalog(
  embedded: EmbeddedPartner | undefined,
  load: FetchJson = fetchJson,
): PartnerCatalog {
  // Keyed "<id> <language>": each language of a partner is a file of its own.
  const known = new Map<string, PartnerConfig | Promise<PartnerConfig>>();
  const own = embedded && `${embedded.partner.id} ${embedded.language ?? 'en'}`;
  if (embedded && own) known.set(own, embedded.partner);
  let hosts: Promise<Record<string, string>> | undefined;

  // Each entry keeps its promise once settled (React's use() wants the same one: src/lib/usable.ts).
  const byId = (id: string, language = 'en'): PartnerConfig | Promise<PartnerConfig> => {
    const key = `${id} ${language}`;
    const cached = known.get(key);
    if (cached) return cached;
    const loading = usable(
      (load(partnerDataPath(id, language)) as Promise<PartnerConfig | undefined>).then(
        (partner) => {
          if (partner) return partner;
          // A language the partner does not offer shows its English; an unknown id the default.
          if (language !== 'en') return byId(id);
          if (id === defaultPartnerId) throw new Error('The default partner could not be loaded');
          return byId(defaultPartnerId);
        },
      ),
    );
    known.set(key, loading);
    return loading;
  };

  // One answer per request, kept: React's use() must see the same promise on every render.
  const resolved = new Map<string, PartnerConfig | Promise<PartnerConfig>>();
  const resolveOnce = (key: string, find: () => PartnerConfig | Promise<PartnerConfig>) => {
    const hit = resolved.get(key);
    if (hit) return hit;
    const result = find();
    resolved.set(key, result instanceof Promise ? usable(result) : result);
    return result;
  };

  return {
    ...(embedded ? { arrival: embedded } : {}),
    resolve({ hostname, clientId, language = 'en' }) {
      // A page rendered for a partner's host stays that partner's (the host wins, spec §2).
      const host = hostname ? normalizeHostname(hostname) : '';
      const hostPartner =
        embedded && (embedded.host || (host && embedded.partner.hosts.includes(host)));
      if (hostPartner && own === `${embedded.partner.id} ${language}`) return embedded.partner;
      if (hostPartner) return byId(embedded.partner.id, language);
      const id = clientId?.toLowerCase() || defaultPartnerId;
      if (host && !embedded) {
        // An address the server did not prerender (a static host without our server): the small
        // host map decides first, then the route.
        return resolveOnce(`${host} ${id} ${language}`, () => {
          hosts ??= load(hostsDataPath).then((map) => (map ?? {}) as Record<string, string>);
          return hosts.then((map) => byId(map[host] ?? id, language));
        });
      }
      return resolveOnce(`${id} ${language}`, () => byId(id, language));
    },
  };
}
