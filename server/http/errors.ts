import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/**
 * Every error body is {"error": code, "message": human sentence}. The codes are part of the API:
 * the front end maps invalid_email and captcha_error to its own texts (product spec, section 8).
 */
export type ErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'payload_too_large'
  | 'invalid_email'
  | 'captcha_error'
  | 'unknown_referral'
  | 'invalid_action_token'
  | 'email_mismatch'
  | 'invalid_return_url'
  | 'order_not_found'
  | 'order_not_open'
  | 'invalid_claim_token'
  | 'claim_token_used'
  | 'invalid_profile'
  | 'invalid_signature'
  | 'webhook_not_configured'
  | 'payment_provider_error'
  | 'invalid_event'
  | 'rate_limited'
  | 'too_many_orders'
  | 'not_found'
  | 'internal_error';

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers that belong to this error (Retry-After on a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  const body: ErrorBody = { ...error.extra, error: error.code, message: error.message };
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.statusCode).send(body);
}

/** Shared JSON schema for error responses (documentation and fast serialisation). */
export const errorResponseSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' } },
  additionalProperties: true,
} as const;

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}

/** Maps thrown errors (ours, Fastify's validation and parsing errors, bugs) to the error shape. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    if (isFastifyError(error)) {
      if (error.validation) {
        return sendError(
          reply,
          new ApiError(400, 'invalid_request', `The request is not valid: ${error.message}.`),
        );
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendError(
          reply,
          new ApiError(413, 'payload_too_large', 'The request body is too large.'),
        );
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return sendError(
          reply,
          new ApiError(415, 'invalid_request', 'Send the request body as JSON.'),
        );
      }
      if (error.statusCode === 400) {
        return sendError(
          reply,
          new ApiError(400, 'invalid_json', 'The request body is not valid JSON.'),
        );
      }
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      new ApiError(500, 'internal_error', 'Something went wrong on our side. Please try again.'),
    );
  });
}
