import type { FastifyInstance } from 'fastify';
import { checkoutRoutes } from './checkout.ts';
import { consentRoutes } from './consent.ts';
import { devOutboxRoutes } from './devOutbox.ts';
import { devScanRoutes } from './devScan.ts';
import { freeClaimRoutes } from './freeClaim.ts';
import { healthRoutes } from './health.ts';
import { landingRoutes } from './landing.ts';
import { pageVersionRoutes } from './pageVersion.ts';
import { reportRoutes } from './report.ts';
import { stripeWebhookRoutes } from './stripeWebhook.ts';
import { testPaymentRoutes } from './testPayments.ts';
import { vitalsRoutes } from './vitals.ts';

/**
 * Every API route, each file in a scope of its own (its content-type parsers stay its own). The
 * routes are thin: they read the services the plugins decorated the server with.
 */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  await app.register(healthRoutes);
  await app.register(landingRoutes);
  await app.register(checkoutRoutes);
  await app.register(freeClaimRoutes);
  await app.register(reportRoutes);
  await app.register(vitalsRoutes);
  // The consent notice's answer from a page whose script has not run.
  await app.register(consentRoutes);
  await app.register(stripeWebhookRoutes);
  if (app.payments.provider === 'test') await app.register(testPaymentRoutes);
  // The outbox shows every buyer's address and scan link: never with live settings.
  if (!app.email.sending && !config.liveMode) await app.register(devOutboxRoutes);
  if (config.appEnv === 'development') await app.register(devScanRoutes);
  // Which version of a page a visitor sees, asked by the app (the page server asks too).
  await app.register(pageVersionRoutes);
}
