import fp from 'fastify-plugin';
import { createPageVersions, type PageVersions } from '../experiments/pageVersions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which version of a page each visitor sees (the page server and the page-version call). */
    pageVersions: PageVersions;
  }
}

export const experimentsPlugin = fp(
  async (app) => {
    app.decorate(
      'pageVersions',
      createPageVersions({
        partners: app.partners.all(),
        now: app.now,
        secureCookie: app.config.publicBaseUrl.startsWith('https:'),
        record: (assignment) => app.repo.recordAssignment(assignment),
        onRecordError: (error) =>
          app.log.warn({ err: error }, 'experiment assignment not recorded'),
      }),
    );
  },
  { name: 'experiments', dependencies: ['core', 'storage', 'partners'] },
);
