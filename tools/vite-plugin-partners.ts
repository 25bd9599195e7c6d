import { relative } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { loadConfig, configLocation, type ConfigLocation } from '../src/config/node/loadConfig.ts';
import { formatProblems } from '../src/config/node/validation/checkConfig.ts';
import { withoutExperiments } from '../src/config/experiments.ts';
import type { PartnerConfig } from '../src/config/generated/partner.ts';
import { hostMap } from '../src/config/resolvePartner.ts';
import { partnerInLanguage, partnerLanguages } from '../src/config/translations.ts';

/**
 * Serves the checked partner files to the app as `virtual:partners`. Every dev start, build, test
 * run and Storybook start goes through here, so an invalid partner file stops them with the file,
 * the JSON pointer and a plain sentence. A partner file added or edited while the dev server runs
 * is picked up without a restart.
 */
const virtualId = 'virtual:partners';
const resolvedId = '\0' + virtualId;
const siteId = 'virtual:site';
const resolvedSiteId = '\0' + siteId;
/** Where each partner's data is served from: the browser fetches /partner-data/<id>.json. */
const dataPrefix = '/partner-data/';

/**
 * Each partner as the browser reads it, once per language it offers (demo.json, demo.es.json: the
 * partner shown in that language, without translations, issue 37), without its pages'
 * experiments (the server picks a page's version, src/config/experiments.ts), and the host map:
 * file name -> JSON text.
 */
function partnerDataFiles(partners: readonly PartnerConfig[]): Map<string, string> {
  const files = new Map(
    partners.flatMap((partner) =>
      partnerLanguages(partner).map((language) => [
        `${partner.id}${language === 'en' ? '' : `.${language}`}.json`,
        JSON.stringify(withoutExperiments(partnerInLanguage(partner, language))),
      ]),
    ),
  );
  files.set('hosts.json', JSON.stringify(hostMap(partners)));
  return files;
}

export class PartnerConfigError extends Error {
  override name = 'PartnerConfigError';
}

/**
 * The site file as the browser needs it: without its `$schema` line, which tells an editor where
 * the file's schema is and would otherwise ride in every page's first load.
 */
function withoutSchemaHint<T extends object>(data: T): Omit<T, '$schema'> {
  const rest: Partial<T> & { $schema?: unknown } = { ...data };
  delete rest.$schema;
  return rest as Omit<T, '$schema'>;
}

/** `override` reads the partner files from elsewhere (the visual gate's changed copy). */
export function partnersPlugin(root: string, override: Omit<ConfigLocation, 'root'> = {}): Plugin {
  const location = { ...configLocation(root), ...override };
  let server: ViteDevServer | undefined;

  function load() {
    const config = loadConfig(location);
    if (config.problems.length > 0 || !config.site) {
      throw new PartnerConfigError(
        `Partner configuration has ${config.problems.length} problem(s):\n${formatProblems(config.problems)}`,
      );
    }
    // Once per load, not per module request: an old file keeps working but should be migrated.
    for (const warning of config.warnings) console.warn(`warning: ${formatProblems([warning])}`);
    return { partners: config.partners, site: withoutSchemaHint(config.site) };
  }

  function isConfigFile(file: string) {
    const path = relative(root, file).split('\\').join('/');
    return (/^partners\/[^/]+\.json$/.test(path) || path === 'config/site.json') && path !== '';
  }

  function reload(file: string) {
    if (!server || !isConfigFile(file)) return;
    for (const id of [resolvedId, resolvedSiteId]) {
      const module = server.moduleGraph.getModuleById(id);
      if (module) server.moduleGraph.invalidateModule(module);
    }
    server.ws.send({ type: 'full-reload' });
  }

  return {
    name: 'homesafe:partners',
    buildStart() {
      // Fail fast: a broken partner file stops `vite`, `vite build`, vitest and Storybook at start.
      load();
    },
    configureServer(devServer) {
      server = devServer;
      devServer.watcher.add([location.partnersDir, location.siteFile]);
      for (const event of ['add', 'change', 'unlink'] as const) devServer.watcher.on(event, reload);
      // The dev server answers /partner-data/<id>.json as the build writes it.
      devServer.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        if (!path.startsWith(dataPrefix)) return next();
        const text = partnerDataFiles(load().partners).get(path.slice(dataPrefix.length));
        response.statusCode = text === undefined ? 404 : 200;
        response.setHeader('content-type', 'application/json');
        response.end(text ?? '{"error":"not_found"}');
      });
    },
    generateBundle(options) {
      // The visitor's build only (not the prerender's Node build or Storybook's).
      if (options.format !== 'es' || !this.getModuleIds) return;
      const isApp = [...this.getModuleIds()].some((id) => id.endsWith('/src/main.tsx'));
      if (!isApp) return;
      for (const [name, text] of partnerDataFiles(load().partners)) {
        this.emitFile({ type: 'asset', fileName: `partner-data/${name}`, source: text });
      }
    },
    resolveId(id) {
      if (id === siteId) return resolvedSiteId;
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id === resolvedSiteId) return `export const site = ${JSON.stringify(load().site)};`;
      if (id !== resolvedId) return undefined;
      const { partners, site } = load();
      return [
        `export const site = ${JSON.stringify(site)};`,
        `export const partners = ${JSON.stringify(partners)};`,
      ].join('\n');
    },
  };
}
