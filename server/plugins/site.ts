import fp from 'fastify-plugin';
import { siteWideTags } from '../../src/config/tagRules.ts';
import { pagePolicies, routePartnerId } from '../http/pagePolicy.ts';
import { registerSpa } from '../routes/spa.ts';

export interface SiteOptions {
  /** Built site to serve, with the single-page-app fallback (main.ts passes ./dist). */
  staticDir?: string | undefined;
}

/**
 * The built site: its files, each page in the version the visitor was given, and each page's
 * Content-Security-Policy, that of its partner (only that partner's tags' hosts).
 */
export const sitePlugin = fp<SiteOptions>(
  async (app, options) => {
    const { config, partners } = app;
    const pagePolicy = pagePolicies({
      partners: partners.all(),
      partnerFor: (hostname, url) =>
        partners.forHost(hostname) ?? partners.getOrDefault(routePartnerId(url)),
      siteTags: siteWideTags({
        VITE_GA_MEASUREMENT_ID: config.analytics.gaMeasurementId,
        VITE_GTM_CONTAINER_ID: config.analytics.gtmContainerId,
      }),
      stripe: app.payments.provider === 'stripe',
      recaptcha: Boolean(config.recaptchaSecretKey),
    });
    await registerSpa(app, options.staticDir, {
      partnerForHost: (hostname) => partners.forHost(hostname)?.id,
      choosePage: app.pageVersions.choose,
      contentSecurityPolicy: (request) => pagePolicy(request.hostname, request.url),
    });
  },
  { name: 'site', dependencies: ['core', 'partners', 'payments', 'experiments'] },
);
