import { createHash, randomUUID } from 'node:crypto';
import type { HomeProfile } from '../../src/config/generated/home-profile.ts';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import {
  advertisingAllowed,
  analyticsAllowed,
  type ConsentContext,
} from '../../src/config/consentRule.ts';
import { purchaseEventId } from '../../src/config/purchaseEvent.ts';
import type { ConversionSettings } from '../config.ts';
import { partnerEnvSuffix } from '../settingKinds.ts';
import type {
  ConversionDestination,
  ConversionEvent,
  NewConversion,
  OrderRecord,
} from '../storage/repository.ts';
import { choiceOf } from './signals.ts';

/**
 * What a fulfilled order (and later its saved home profile) sends from the server, decided once,
 * when it happens, in the transaction that records it (docs/measurement.md, "Sent from the
 * server"): one delivery per destination the partner's file configures, with the JSON it will
 * carry (never a secret: those are added when it is sent, sender.ts), or skipped with the reason.
 *
 * - GA4 (Measurement Protocol) `purchase`: needs analytics and advertising allowed, and the GA
 *   client id of the visitor's browser (without it GA4 could not join the purchase to the visit).
 * - Meta (Conversions API) `Purchase`: needs advertising allowed; its event id is the browser
 *   pixel's (purchaseEventId), so Meta counts the purchase once.
 * - The partner's own system: always, as the partner is who the visitor buys from; the home
 *   profile's assessment answers only when the partner's form told the visitor (consentText).
 */
export interface ConversionPlanner {
  forPurchase(order: OrderRecord, fulfilment: { reportId: string; at: number }): NewConversion[];
  forProfile(order: OrderRecord, profile: HomeProfile, at: number): NewConversion[];
}

export interface PlannerDeps {
  settings: ConversionSettings;
  partner(id: string): PartnerConfig | undefined;
  /** Names the product in the GA4 item. */
  productName: string;
  newId?: () => string;
}

/** Meta's normalisation of an email before hashing: trimmed and in lower case. */
export function hashedEmail(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** The return page's address without its query (which holds the order's status token). */
function pageAddress(returnUrl: string): string | undefined {
  try {
    const url = new URL(returnUrl);
    return `${url.origin}${url.pathname}`;
  } catch {
    return undefined;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createConversionPlanner(deps: PlannerDeps): ConversionPlanner {
  const newId = deps.newId ?? randomUUID;

  function delivery(
    order: OrderRecord,
    destination: ConversionDestination,
    event: ConversionEvent,
    target: string,
    at: number,
    content: { body: Record<string, unknown> } | { skipped: string },
  ): NewConversion {
    const id = newId();
    const skipped = 'skipped' in content;
    return {
      id,
      orderId: order.id,
      partnerId: order.partnerId,
      destination,
      event,
      status: skipped ? 'skipped' : 'pending',
      target,
      body: skipped ? null : JSON.stringify(content.body),
      note: skipped ? content.skipped : null,
      createdAt: at,
    };
  }

  function endpointOf(partner: PartnerConfig): string | undefined {
    return (
      deps.settings.orderEndpoints.get(partnerEnvSuffix(partner.id)) ??
      partner.measurement?.orderEndpoint
    );
  }

  function consentOf(partner: PartnerConfig, order: OrderRecord): ConsentContext {
    return {
      askConsent: partner.measurement?.askConsent === true,
      choice: order.signals ? choiceOf(order.signals) : undefined,
      gpc: order.signals?.gpc === true,
    };
  }

  return {
    forPurchase(order, { reportId, at }) {
      const partner = deps.partner(order.partnerId);
      const measurement = partner?.measurement;
      if (!partner || !measurement) return [];
      const consent = consentOf(partner, order);
      const ads = advertisingAllowed(consent);
      const refused = consent.gpc
        ? 'the browser sent Global Privacy Control'
        : 'the visitor has not allowed advertising use';
      const value = order.amountCents / 100;
      const currency = order.currency.toUpperCase();
      const signals = order.signals;
      const deliveries: NewConversion[] = [];

      if (measurement.googleTagId) {
        const target = measurement.googleTagId;
        let content: { body: Record<string, unknown> } | { skipped: string };
        if (!ads) content = { skipped: `Not sent: ${refused}.` };
        else if (!analyticsAllowed(consent))
          content = { skipped: 'Not sent: the visitor has not allowed analytics use.' };
        else if (!signals?.gaClientId)
          content = {
            skipped:
              'Not sent: no Google Analytics client id (the _ga cookie was absent at signup).',
          };
        else
          content = {
            body: {
              client_id: signals.gaClientId,
              timestamp_micros: at * 1000,
              consent: { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' },
              events: [
                {
                  name: 'purchase',
                  params: {
                    transaction_id: order.id,
                    value,
                    currency,
                    items: [
                      {
                        item_id: order.campaignId,
                        item_name: deps.productName,
                        price: value,
                        quantity: 1,
                      },
                    ],
                  },
                },
              ],
            },
          };
        deliveries.push(delivery(order, 'ga4', 'purchase', target, at, content));
      }

      if (measurement.metaPixelId) {
        const userData: Record<string, unknown> = { em: [hashedEmail(order.email)] };
        if (signals?.fbp) userData.fbp = signals.fbp;
        if (signals?.fbc) userData.fbc = signals.fbc;
        if (signals?.userAgent) userData.client_user_agent = signals.userAgent;
        const source = pageAddress(order.returnUrl);
        deliveries.push(
          delivery(
            order,
            'meta',
            'purchase',
            measurement.metaPixelId,
            at,
            ads
              ? {
                  body: {
                    data: [
                      {
                        event_name: 'Purchase',
                        event_time: Math.floor(at / 1000),
                        event_id: purchaseEventId(order.id),
                        action_source: 'website',
                        ...(source ? { event_source_url: source } : {}),
                        user_data: userData,
                        custom_data: { currency, value, order_id: order.id },
                      },
                    ],
                  },
                }
              : { skipped: `Not sent: ${refused}.` },
          ),
        );
      }

      const endpoint = endpointOf(partner);
      if (endpoint) {
        deliveries.push(
          delivery(order, 'partner', 'purchase', endpoint, at, {
            body: {
              event: 'order.completed',
              occurredAt: iso(at),
              order: {
                id: order.id,
                status: 'completed',
                paid: order.amountCents > 0,
                amountCents: order.amountCents,
                currency: order.currency,
                email: order.email,
                campaignId: order.campaignId,
                createdAt: iso(order.createdAt),
                reportId,
              },
              attribution: order.attribution
                ? {
                    ...order.attribution.touches,
                    firstChannel: order.attribution.firstChannel,
                    lastChannel: order.attribution.lastChannel,
                  }
                : null,
              consent: {
                choice: signals?.consent ?? null,
                globalPrivacyControl: consent.gpc,
                advertising: ads,
              },
            },
          }),
        );
      }
      return deliveries;
    },

    forProfile(order, profile, at) {
      const partner = deps.partner(order.partnerId);
      const endpoint = partner && endpointOf(partner);
      // Only what the visitor gave for the assessment, and only when the partner's form said the
      // partner receives it: the home scan's name (free text) stays with us.
      if (!partner || !endpoint || !partner.form.consentText) return [];
      return [
        delivery(order, 'partner', 'home_profile', endpoint, at, {
          body: {
            event: 'home_profile.saved',
            occurredAt: iso(at),
            order: { id: order.id, reportId: order.reportId },
            homeProfile: {
              describeHome: profile.describeHome,
              postalCode: profile.postalCode,
              ...(profile.ownTheHome === undefined ? {} : { ownTheHome: profile.ownTheHome }),
              ...(profile.numFloors === undefined ? {} : { numFloors: profile.numFloors }),
            },
          },
        }),
      ];
    },
  };
}
