import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorCode, ErrorResponse } from '../../src/services/generated/api.ts';
import { RETRY_AFTER_SECONDS, storageFailure } from '../storage/failures.ts';

/**
 * Every error body is {"error": code, "message": human sentence} (schemas/api/error.response.schema.json).
 * The codes are part of the API (schemas/api/error-code.schema.json): the front end maps
 * invalid_email and captcha_error to its own texts (product spec, section 8).
 */
export type { ErrorCode };
export type ErrorBody = ErrorResponse;
/** The optional fields some errors add (invalid_profile's fields, order_not_open's status). */
export type ErrorExtra = Omit<ErrorResponse, 'error' | 'message'>;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: ErrorExtra = {},
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

/**
 * The answer to a database that is down (503) or a disk that is full (507): a sentence a visitor
 * understands, and Retry-After so a client or proxy knows when to come back. Nothing was written:
 * every write is one transaction (or one statement), so it either happened or did not.
 */
export function storageError(failure: 'unavailable' | 'full'): ApiError {
  const retryAfter = { 'retry-after': String(RETRY_AFTER_SECONDS[failure]) };
  return failure === 'full'
    ? new ApiError(
        507,
        'storage_full',
        'We cannot save anything new just now. What you saved before is safe; please try again later.',
        {},
        retryAfter,
      )
    : new ApiError(
        503,
        'database_unavailable',
        'Our service is briefly unavailable. Nothing was lost; please try again in a minute.',
        {},
        retryAfter,
      );
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}

/** Maps thrown errors (ours, Fastify's validation and parsing errors, bugs) to the error shape. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    const failure = storageFailure(error);
    if (failure) {
      // One warning line per refused request, without a stack: an outage is not a bug.
      request.server.log.warn(
        {
          reqId: request.id,
          route: request.routeOptions.url,
          cause: error instanceof Error ? error.message : String(error),
          failure,
        },
        failure === 'full'
          ? 'database disk full: request refused'
          : 'database unavailable: request refused',
      );
      return sendError(reply, storageError(failure));
    }
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
    // Through the server's logger with the id named, not request.log: the polled routes share one
    // quiet logger without a request id (see app.ts), and this line must carry it everywhere.
    request.server.log.error(
      { err: error, reqId: request.id, method: request.method, route: request.routeOptions.url },
      'unhandled error',
    );
    return sendError(
      reply,
      new ApiError(500, 'internal_error', 'Something went wrong on our side. Please try again.'),
    );
  });
}
