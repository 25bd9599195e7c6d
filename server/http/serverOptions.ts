import { randomUUID } from 'node:crypto';
import type {
  FastifyBaseLogger,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { ServerConfig } from '../config.ts';
import { ApiError, sendError } from './errors.ts';
import { redactError, redactText } from './redact.ts';
import { applyBaseSecurityHeaders } from './securityHeaders.ts';

/** The caller's logger settings, with every request URL and error redacted (server/http/redact.ts). */
function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactText(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
      err: redactError,
    },
    hooks: {
      logMethod(args, method) {
        // Messages (and format arguments) are redacted too: one may quote a URL.
        const redacted = args.map((arg: unknown) =>
          typeof arg === 'string' ? redactText(arg) : arg,
        ) as Parameters<typeof method>;
        method.apply(this, redacted);
      },
    },
  };
}

/**
 * Fastify's own options: the redacting logger, the trusted proxies, router errors in the API's
 * shape, the body limit, request ids and exact types. Options a plugin cannot set afterwards.
 */
export function serverOptions(
  config: ServerConfig,
  loggerOptions: FastifyServerOptions['logger'],
): FastifyServerOptions {
  // Routes that raise their log level (the polled order status) share one child logger per level
  // instead of building one per request: those requests log nothing below a warning anyway, at
  // the price of no request id on their rare warnings.
  const quietLoggers = new Map<string, FastifyBaseLogger>();
  return {
    childLoggerFactory(logger, bindings, childOptions) {
      const { level, ...rest } = childOptions;
      if (!level || Object.keys(rest).length > 0) return logger.child(bindings, childOptions);
      let quiet = quietLoggers.get(level);
      if (!quiet) {
        quiet = logger.child({}, { level });
        quietLoggers.set(level, quiet);
      }
      return quiet;
    },
    logger: redactingLogger(loggerOptions),
    // The client address the limits count: X-Forwarded-For only from the configured proxies.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Router errors (a bad %-escape in the path) answer in the API's error shape, with headers.
    frameworkErrors(error, request, reply) {
      applyBaseSecurityHeaders(reply, request.url);
      request.log.info({ code: error.code }, 'request with an invalid address refused');
      void sendError(
        reply as FastifyReply,
        new ApiError(
          400,
          'invalid_request',
          'The address of this request is not valid or is too long.',
        ),
      );
    },
    // Every API body is small; the Stripe webhook raises its own limit.
    bodyLimit: 32 * 1024,
    // Request ids from clients are not trusted unless a proxy in front sets the header
    // (REQUEST_ID_HEADER); otherwise a random one, unique across instances (unlike a counter).
    requestIdHeader: config.requestIdHeader ?? false,
    genReqId: () => randomUUID(),
    // The contract's types are exact: a number where it says string is refused, not coerced
    // (Fastify's default would turn 42 into "42"). Every query value here is a string anyway.
    ajv: { customOptions: { coerceTypes: false } },
    // While stopping (SIGTERM), a request arriving on an open keep-alive connection is still
    // answered in full (with Connection: close) rather than Fastify's own 503 body, which is not
    // the API's error shape; no new connection is accepted meanwhile (main.ts).
    return503OnClosing: false,
  };
}
