import { createContext, useContext } from 'react';
import type { PartnerConfig } from '../config/generated/partner.ts';
import { partnerInLanguage } from '../config/translations.ts';
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
   * What the page the visit arrived on said of its partner's experiments (the browser only): the
   * version it was, and which pages the app opens itself that run a test (src/partner/
   * inAppVersions.ts reads it).
   */
  arrival?: PageArrival;
}

export interface PageVersionShown {
  page: string;
  id: string;
}

/** The page the visit arrived on: its partner, the version it was, its in-app experiments. */
export interface PageArrival {
  partner: PartnerConfig;
  /** On a page with an experiment: which version of it this is (src/config/experiments.ts). */
  version?: PageVersionShown;
  /** The partner's pages with an experiment (src/config/experiments.ts experimentPages). */
  experiments?: string[];
}

export const PartnerCatalogContext = createContext<PartnerCatalog | null>(null);

export function usePartnerCatalog(): PartnerCatalog {
  const catalog = useContext(PartnerCatalogContext);
  if (!catalog) throw new Error('The app needs a PartnerCatalog (AppFrame provides it).');
  return catalog;
}

/** Every partner in memory: the prerender (Node), Storybook and the tests. */
export function directoryCatalog(directory: PartnerDirectory): PartnerCatalog {
  return {
    resolve: (request) =>
      partnerInLanguage(resolvePartner(directory, request).partner, request.language ?? 'en'),
  };
}
