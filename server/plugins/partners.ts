import fp from 'fastify-plugin';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { createPartnerDirectory, type PartnerDirectory } from '../services/partners.ts';

declare module 'fastify' {
  interface FastifyInstance {
    partners: PartnerDirectory;
  }
}

export interface PartnersOptions {
  /** Project root holding partners/ and config/site.json. */
  root: string;
  /** The partners to serve instead of those read from root's partners/ (tests). */
  partners?: readonly PartnerConfig[] | undefined;
}

/** The partner files and the site file, read once at start; their problems are logged. */
export const partnersPlugin = fp<PartnersOptions>(
  async (app, options) => {
    const loaded = loadConfig({ root: options.root });
    for (const problem of loaded.problems) {
      app.log.warn({ problem }, 'partner or site configuration problem');
    }
    app.decorate(
      'partners',
      createPartnerDirectory({
        partners: options.partners ?? loaded.partners,
        site: loaded.site,
        appEnv: app.config.appEnv,
      }),
    );
  },
  { name: 'partners', dependencies: ['core'] },
);
