import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PartnerConfig } from '../generated/partner.ts';
import type { SiteConfig } from '../generated/site.ts';
import { sanitizeHtml } from '../sanitizeHtml.ts';
import { checkConfig, type Problem } from './validation/checkConfig.ts';

/**
 * Reads partners/*.json and config/site.json from disk, checks them and cleans their HTML.
 * Node only: used by the Vite plugin, the partners:check command, the server and the tests.
 */
export interface LoadedConfig {
  partners: PartnerConfig[];
  site: SiteConfig | undefined;
  problems: Problem[];
  /** Files that load but should be fixed (an older format upgraded in memory). */
  warnings: Problem[];
  /** Every file read, so a dev server can watch them. */
  files: string[];
}

export interface ConfigLocation {
  root: string;
  partnersDir?: string;
  siteFile?: string;
  publicDir?: string;
}

export function configLocation(root: string): Required<ConfigLocation> {
  return {
    root,
    partnersDir: join(root, 'partners'),
    siteFile: join(root, 'config', 'site.json'),
    publicDir: join(root, 'public'),
  };
}

/**
 * The partner file with every HTML setting cleaned to the allow-list. HTML settings are the ones
 * whose name ends in "Html" (form.subtitleHtml, an offer's disclaimerHtml, a rich text's bodyHtml),
 * wherever they sit, so a new block's HTML is cleaned without a change here.
 */
export function withSanitizedHtml(config: PartnerConfig): PartnerConfig {
  const clean = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return key.endsWith('Html') ? sanitizeHtml(value) : value;
    if (Array.isArray(value)) return value.map((item) => clean(item, ''));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, k)]));
    return value;
  };
  return clean(config, '') as PartnerConfig;
}

export function loadConfig(location: ConfigLocation): LoadedConfig {
  const { root, partnersDir, siteFile, publicDir } = {
    ...configLocation(location.root),
    ...location,
  };
  const show = (path: string) => relative(root, path).split('\\').join('/');
  const partnerPaths = existsSync(partnersDir)
    ? readdirSync(partnersDir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(partnersDir, name))
    : [];
  const read = (path: string) => ({
    path: show(path),
    text: existsSync(path) ? readFileSync(path, 'utf8') : '',
  });
  const result = checkConfig({
    partnerFiles: partnerPaths.map(read),
    siteFile: read(siteFile),
    assetExists: (publicPath) => existsSync(join(publicDir, publicPath)),
  });
  return {
    partners: result.partners.map(withSanitizedHtml),
    site: result.site,
    problems: result.problems,
    warnings: result.warnings,
    files: [...partnerPaths, siteFile],
  };
}
