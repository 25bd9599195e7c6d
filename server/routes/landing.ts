import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, errorResponseSchema, sendError } from '../http/errors.ts';
import { isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail } from '../validation/email.ts';

/** POST /api/landing/signup and POST /api/landing/complete. */
interface SignupBody {
  email: string;
  captchaToken: string;
  referral: string;
}

interface CompleteBody {
  captchaToken: string;
  claimToken: string;
  [profileField: string]: unknown;
}

const TOKEN_MAX = 4096;

const signupSchema = {
  body: {
    type: 'object',
    required: ['email', 'captchaToken', 'referral'],
    properties: {
      // Length only: the format check happens in the handler so a bad address gets invalid_email.
      email: { type: 'string', maxLength: MAX_EMAIL_LENGTH + 64 },
      captchaToken: { type: 'string', maxLength: TOKEN_MAX },
      referral: { type: 'string', maxLength: 100 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['actionToken'],
      properties: { actionToken: { type: 'string' } },
      additionalProperties: false,
    },
    '4xx': errorResponseSchema,
  },
} as const;

const completeSchema = {
  body: {
    type: 'object',
    required: ['captchaToken', 'claimToken'],
    properties: {
      captchaToken: { type: 'string', maxLength: TOKEN_MAX },
      claimToken: { type: 'string', maxLength: TOKEN_MAX },
    },
    // The profile fields are checked against schemas/home-profile.schema.json in the service.
    additionalProperties: true,
    maxProperties: 12,
  },
  response: {
    201: {
      type: 'object',
      required: ['reportID'],
      properties: { reportID: { type: 'string' } },
      additionalProperties: false,
    },
    '4xx': errorResponseSchema,
  },
} as const;

export function landingRoutes(ctx: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post<{ Body: SignupBody }>(
      '/api/landing/signup',
      { schema: signupSchema, attachValidation: true, onRequest: ctx.limits.perClient('signup') },
      async (request, reply) => {
        if (request.validationError) {
          const aboutEmail = /email/.test(request.validationError.message);
          return sendError(
            reply,
            aboutEmail
              ? new ApiError(400, 'invalid_email', 'Please enter a valid email address.')
              : new ApiError(
                  400,
                  'invalid_request',
                  `The request is not valid: ${request.validationError.message}.`,
                ),
          );
        }
        const { captchaToken, referral } = request.body;
        const email = normalizeEmail(request.body.email);
        if (!isValidEmail(email)) {
          throw new ApiError(400, 'invalid_email', 'Please enter a valid email address.');
        }
        if (!(await ctx.botCheck.verify(captchaToken, 'landing_signup', request.ip))) {
          throw new ApiError(
            403,
            'captcha_error',
            'We could not confirm you are a person. Please try again.',
          );
        }
        if (!ctx.partners.has(referral)) {
          throw new ApiError(400, 'unknown_referral', 'This offer link is not recognised.');
        }
        await ctx.repo.addSignup({ email, partnerId: referral, createdAt: ctx.now() });
        const actionToken = await ctx.tokens.signActionToken({ email, referral });
        return { actionToken };
      },
    );

    app.post<{ Body: CompleteBody }>(
      '/api/landing/complete',
      { schema: completeSchema, onRequest: ctx.limits.perClient('complete') },
      async (request, reply) => {
        const { captchaToken, claimToken, ...fields } = request.body;
        if (!(await ctx.botCheck.verify(captchaToken, 'landing_complete', request.ip))) {
          throw new ApiError(
            403,
            'captcha_error',
            'We could not confirm you are a person. Please try again.',
          );
        }
        const result = await ctx.profiles.complete({ claimToken, fields });
        return reply.code(201).send(result);
      },
    );
  };
}
