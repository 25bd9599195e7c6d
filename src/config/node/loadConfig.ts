import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PartnerConfig } from '../generated/partner.ts';
import type { SiteConfig } from '../generated/site.ts';
import { withSanitizedHtml } from '../sanitizeHtml.ts';
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
