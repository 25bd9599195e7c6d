import { relative } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { loadConfig, configLocation, type ConfigLocation } from '../src/config/node/loadConfig.ts';
import { formatProblems } from '../src/config/node/validation/checkConfig.ts';

/**
 * Serves the checked partner files to the app as `virtual:partners`. Every dev start, build, test
 * run and Storybook start goes through here, so an invalid partner file stops them with the file,
 * the JSON pointer and a plain sentence. A partner file added or edited while the dev server runs
 * is picked up without a restart.
 */
const virtualId = 'virtual:partners';
const resolvedId = '\0' + virtualId;

export class PartnerConfigError extends Error {
  override name = 'PartnerConfigError';
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
    return { partners: config.partners, site: config.site };
  }

  function isConfigFile(file: string) {
    const path = relative(root, file).split('\\').join('/');
    return (/^partners\/[^/]+\.json$/.test(path) || path === 'config/site.json') && path !== '';
  }

  function reload(file: string) {
    if (!server || !isConfigFile(file)) return;
    const module = server.moduleGraph.getModuleById(resolvedId);
    if (module) server.moduleGraph.invalidateModule(module);
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
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      const { partners, site } = load();
      return [
        `export const site = ${JSON.stringify(site)};`,
        `export const partners = ${JSON.stringify(partners)};`,
      ].join('\n');
    },
  };
}
