import { CONTROL } from '../config/constants.ts';
import type { PartnerConfig } from '../config/generated/partner.ts';
import { variantPartnerDataPath } from '../config/prerenderPages.ts';
import type { PageArrival } from './PartnerCatalog.ts';
import { usable } from '../lib/usable.ts';

/** How the browser learns and keeps a visitor's version of a page it opens itself. */
export interface VersionSource {
  /** The server's choice (GET /api/page-version), which also counts the visitor in the test. */
  ask(partnerId: string, pageKey: string): Promise<string>;
  remembered(pageKey: string): string | undefined;
  remember(version: { page: string; id: string }): void;
  /** A partner file of the build (undefined when there is none). */
  load(path: string): Promise<unknown>;
}

export type VersionOf = (
  partner: PartnerConfig,
  pageKey: string,
  assign: boolean,
  /** The page's language: a version's file is written in each (issue 37). */
  language?: string,
) => PartnerConfig | Promise<PartnerConfig> | undefined;

/**
 * The partner as this visitor's version of a page the app opens itself shows it (the claim-offer
 * page, src/config/experiments.ts IN_APP_PAGES): undefined when `partner` already shows the right
 * one (no test there; the page came from the server as its version); else that version's partner,
 * or a promise of it, the same one on every call (React's use() needs that). `assign`: the page
 * itself is opening, so the visitor may be put in a version now; a later step keeps only a version
 * shown earlier in the session. Any failure gives the page as written, never a stuck step.
 * Loaded with the claim-offer step, not with the landing page.
 */
export function inAppVersions(arrival: PageArrival | undefined, source: VersionSource): VersionOf {
  const versioned = new Map<string, PartnerConfig | Promise<PartnerConfig>>();
  return (partner, pageKey, assign, language = 'en') => {
    if (arrival?.version?.page === pageKey) return undefined;
    const key = `${partner.id} ${pageKey} ${language}`;
    const known = versioned.get(key);
    if (known) return known;
    const earlier = source.remembered(pageKey);
    const runsHere =
      arrival?.partner.id === partner.id && arrival.experiments?.includes(pageKey) === true;
    if (earlier === undefined && !(assign && runsHere)) return undefined;
    // Kept as its promise once settled: React's use() wants the same one (src/lib/usable.ts).
    const loading = usable(
      (async (): Promise<PartnerConfig> => {
        try {
          const id = earlier ?? (await source.ask(partner.id, pageKey));
          if (earlier === undefined) source.remember({ page: pageKey, id });
          if (id === CONTROL) return partner;
          const version = (await source.load(
            variantPartnerDataPath(partner.id, pageKey, id, language),
          )) as PartnerConfig | undefined;
          return version?.id === partner.id ? version : partner;
        } catch {
          // No answer (offline, server busy): the page as written.
          return partner;
        }
      })(),
    );
    versioned.set(key, loading);
    return loading;
  };
}
