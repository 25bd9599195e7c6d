import { createContext, useContext } from 'react';
import type { PartnerConfig } from '../config/generated/partner.ts';
import {
  resolvePartner,
  type PartnerDirectory,
  type PartnerRequest,
} from '../config/resolvePartner.ts';

/**
 * Where the app finds the partner for a visit (spec §2: host name, then the route, then the
 * default). The browser's catalog holds only the partner its page came with and fetches another
 * only if the visitor navigates to one (browserCatalog.ts), so a page carries its own partner and
 * nothing of the others. The prerender, Storybook and the tests use a catalog of every partner.
 */
export interface PartnerCatalog {
  /** The partner at once when known, else a promise of it (the layout suspends meanwhile). */
  resolve(request: PartnerRequest): PartnerConfig | Promise<PartnerConfig>;
  /**
   * The partner as this visitor's version of a page the app opens itself shows it (the claim-offer
   * page, src/config/experiments.ts IN_APP_PAGES): undefined when `partner` already shows the right
   * one (no experiment; the page came from the server as its version); else that version's partner,
   * or a promise of it. `assign`: the page itself is opening, so the visitor may be put in a
   * version now; a later step keeps only a version shown earlier in the session. Only the browser
   * has versions: the prerender, Storybook and the tests render versions directly.
   */
  versionOf?(
    partner: PartnerConfig,
    pageKey: string,
    assign: boolean,
  ): PartnerConfig | Promise<PartnerConfig> | undefined;
}

export const PartnerCatalogContext = createContext<PartnerCatalog | null>(null);

export function usePartnerCatalog(): PartnerCatalog {
  const catalog = useContext(PartnerCatalogContext);
  if (!catalog) throw new Error('The app needs a PartnerCatalog (AppFrame provides it).');
  return catalog;
}

/** Every partner in memory: the prerender (Node), Storybook and the tests. */
export function directoryCatalog(directory: PartnerDirectory): PartnerCatalog {
  return { resolve: (request) => resolvePartner(directory, request).partner };
}
