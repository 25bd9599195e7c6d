import type { FastifyInstance } from 'fastify';
import attribution from '../../schemas/api/attribution.schema.json' with { type: 'json' };
import attributionTouch from '../../schemas/api/attribution-touch.schema.json' with { type: 'json' };
import attributionTouchKind from '../../schemas/api/attribution-touch-kind.schema.json' with { type: 'json' };
import checkoutSessionRequest from '../../schemas/api/checkout-session.request.schema.json' with { type: 'json' };
import checkoutSessionResponse from '../../schemas/api/checkout-session.response.schema.json' with { type: 'json' };
import checkoutStatusQuery from '../../schemas/api/checkout-status.query.schema.json' with { type: 'json' };
import checkoutStatusResponse from '../../schemas/api/checkout-status.response.schema.json' with { type: 'json' };
import completeRequest from '../../schemas/api/complete.request.schema.json' with { type: 'json' };
import completeResponse from '../../schemas/api/complete.response.schema.json' with { type: 'json' };
import emailAddress from '../../schemas/api/email-address.schema.json' with { type: 'json' };
import errorCode from '../../schemas/api/error-code.schema.json' with { type: 'json' };
import errorResponse from '../../schemas/api/error.response.schema.json' with { type: 'json' };
import guardrails from '../../schemas/api/guardrails.schema.json' with { type: 'json' };
import guardrailFlag from '../../schemas/api/guardrail-flag.schema.json' with { type: 'json' };
import metricPercentile from '../../schemas/api/metric-percentile.schema.json' with { type: 'json' };
import versionGuardrails from '../../schemas/api/version-guardrails.schema.json' with { type: 'json' };
import versionVitals from '../../schemas/api/version-vitals.schema.json' with { type: 'json' };
import vitalMetric from '../../schemas/api/vital-metric.schema.json' with { type: 'json' };
import freeClaimConfirmRequest from '../../schemas/api/free-claim-confirm.request.schema.json' with { type: 'json' };
import freeClaimConfirmResponse from '../../schemas/api/free-claim-confirm.response.schema.json' with { type: 'json' };
import languageCode from '../../schemas/api/language-code.schema.json' with { type: 'json' };
import healthResponse from '../../schemas/api/health.response.schema.json' with { type: 'json' };
import pageVersionQuery from '../../schemas/api/page-version.query.schema.json' with { type: 'json' };
import pageVersionResponse from '../../schemas/api/page-version.response.schema.json' with { type: 'json' };
import reportQuery from '../../schemas/api/report.query.schema.json' with { type: 'json' };
import reportResponse from '../../schemas/api/report.response.schema.json' with { type: 'json' };
import orderStatus from '../../schemas/api/order-status.schema.json' with { type: 'json' };
import resendLinkRequest from '../../schemas/api/resend-link.request.schema.json' with { type: 'json' };
import resendLinkResponse from '../../schemas/api/resend-link.response.schema.json' with { type: 'json' };
import signupRequest from '../../schemas/api/signup.request.schema.json' with { type: 'json' };
import signupResponse from '../../schemas/api/signup.response.schema.json' with { type: 'json' };
import terminalOrderStatus from '../../schemas/api/terminal-order-status.schema.json' with { type: 'json' };
import testPaymentAction from '../../schemas/api/test-payment-action.schema.json' with { type: 'json' };
import testPaymentActionResponse from '../../schemas/api/test-payment-action.response.schema.json' with { type: 'json' };
import testPaymentSession from '../../schemas/api/test-payment-session.response.schema.json' with { type: 'json' };
import vitalsRequest from '../../schemas/api/vitals.request.schema.json' with { type: 'json' };

/**
 * The API contract (schemas/api/) as Fastify shared schemas: routes refer to a file with
 * contractRef('signup.request.schema.json'), so the server validates requests and serialises
 * answers with the same schemas the browser's types are generated from. Imported rather than read
 * from disk so the built server (server-dist/) carries them; a unit test checks that every file of
 * schemas/api/ is listed here.
 */
export const API_SCHEMAS = {
  'attribution.schema.json': attribution,
  'attribution-touch.schema.json': attributionTouch,
  'attribution-touch-kind.schema.json': attributionTouchKind,
  'checkout-session.request.schema.json': checkoutSessionRequest,
  'checkout-session.response.schema.json': checkoutSessionResponse,
  'checkout-status.query.schema.json': checkoutStatusQuery,
  'checkout-status.response.schema.json': checkoutStatusResponse,
  'complete.request.schema.json': completeRequest,
  'complete.response.schema.json': completeResponse,
  'email-address.schema.json': emailAddress,
  'error-code.schema.json': errorCode,
  'error.response.schema.json': errorResponse,
  'free-claim-confirm.request.schema.json': freeClaimConfirmRequest,
  'guardrails.schema.json': guardrails,
  'free-claim-confirm.response.schema.json': freeClaimConfirmResponse,
  'health.response.schema.json': healthResponse,
  'language-code.schema.json': languageCode,
  'order-status.schema.json': orderStatus,
  'page-version.query.schema.json': pageVersionQuery,
  'page-version.response.schema.json': pageVersionResponse,
  'report.query.schema.json': reportQuery,
  'report.response.schema.json': reportResponse,
  'resend-link.request.schema.json': resendLinkRequest,
  'resend-link.response.schema.json': resendLinkResponse,
  'signup.request.schema.json': signupRequest,
  'signup.response.schema.json': signupResponse,
  'terminal-order-status.schema.json': terminalOrderStatus,
  'test-payment-action.schema.json': testPaymentAction,
  'test-payment-action.response.schema.json': testPaymentActionResponse,
  'test-payment-session.response.schema.json': testPaymentSession,
  'vitals.request.schema.json': vitalsRequest,
  'guardrail-flag.schema.json': guardrailFlag,
  'metric-percentile.schema.json': metricPercentile,
  'version-guardrails.schema.json': versionGuardrails,
  'version-vitals.schema.json': versionVitals,
  'vital-metric.schema.json': vitalMetric,
} as const;

export type ApiSchemaFile = keyof typeof API_SCHEMAS;

export function contractRef(file: ApiSchemaFile): { $ref: string } {
  return { $ref: API_SCHEMAS[file].$id };
}

/** Error answers of a route, for every 4xx and 5xx (documentation and serialisation). */
export const errorResponses = {
  '4xx': contractRef('error.response.schema.json'),
  '5xx': contractRef('error.response.schema.json'),
} as const;

/** A copy of `node` with every relative "$ref" made absolute against the schema's own $id. */
function absoluteRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => absoluteRefs(item, base));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? new URL(value, base).href
        : absoluteRefs(value, base),
    ]),
  );
}

/**
 * Adds every contract schema to the instance. The files declare draft 2020-12 (for editors and the
 * type generator) but use only keywords Fastify's draft-07 Ajv reads the same way, so the
 * "$schema" line is left out here rather than loading a second Ajv dialect for the routes. The
 * response serialiser (fast-json-stringify) resolves only absolute references between schemas,
 * so "order-status.schema.json" becomes its full $id.
 */
export function registerContract(app: FastifyInstance): void {
  for (const schema of Object.values(API_SCHEMAS)) {
    const withoutDialect: Record<string, unknown> = { ...schema };
    delete withoutDialect.$schema;
    app.addSchema(absoluteRefs(withoutDialect, schema.$id) as Record<string, unknown>);
  }
}
