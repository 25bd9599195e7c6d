import type { FastifyInstance } from 'fastify';
import type {
  CompleteRequest,
  ResendLinkRequest,
  ResendLinkResponse,
  SignupRequest,
} from '../../src/services/generated/api.ts';
import { contractRef, errorResponses } from '../http/contract.ts';
import { ApiError, sendError } from '../http/errors.ts';

/** POST /api/landing/signup, /api/landing/complete and /api/landing/resend-link. */
const signupSchema = {
  // The address's format is part of the contract: a bad one is refused as invalid_email below.
  body: contractRef('signup.request.schema.json'),
  response: { 200: contractRef('signup.response.schema.json'), ...errorResponses },
} as const;

const completeSchema = {
  // The profile fields are checked against schemas/home-profile.schema.json in the service, which
  // names each refused field (invalid_profile); the contract checks the tokens and the size.
  body: contractRef('complete.request.schema.json'),
  response: { 201: contractRef('complete.response.schema.json'), ...errorResponses },
} as const;

const resendLinkSchema = {
  body: contractRef('resend-link.request.schema.json'),
  response: { 202: contractRef('resend-link.response.schema.json'), ...errorResponses },
} as const;

/** A request the contract refused: a bad address gets its own sentence, like the signup's. */
function invalidBody(message: string): ApiError {
  return /email/.test(message)
    ? new ApiError(400, 'invalid_email', 'Please enter a valid email address.')
    : new ApiError(400, 'invalid_request', `The request is not valid: ${message}.`);
}

const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

const notAPerson = () =>
  new ApiError(403, 'captcha_error', 'We could not confirm you are a person. Please try again.');

export async function landingRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SignupRequest }>(
    '/api/landing/signup',
    {
      schema: signupSchema,
      attachValidation: true,
      // Counted once the body is parsed (before it is validated, so a bad one counts too): the
      // 429's sentence is then in the signup's language.
      preValidation: app.limits.perClient('signup'),
    },
    async (request, reply) => {
      if (request.validationError)
        return sendError(reply, invalidBody(request.validationError.message));
      const { captchaToken, ...signup } = request.body;
      if (!(await app.botCheck.verify(captchaToken, 'landing_signup', request.ip)))
        throw notAPerson();
      return app.signups.signUp({
        ...signup,
        cookie: request.headers.cookie,
        gpc: headerText(request.headers['sec-gpc']),
        userAgent: request.headers['user-agent'],
      });
    },
  );

  app.post<{ Body: CompleteRequest }>(
    '/api/landing/complete',
    { schema: completeSchema, onRequest: app.limits.perClient('complete') },
    async (request, reply) => {
      const { captchaToken, claimToken, ...fields } = request.body;
      if (!(await app.botCheck.verify(captchaToken, 'landing_complete', request.ip)))
        throw notAPerson();
      const result = await app.profiles.complete({ claimToken, fields });
      return reply.code(201).send(result);
    },
  );

  // "Send me my link again". Every check before the answer is about the request, never about
  // what is stored: a known and an unknown address get the same 202 after the same work, and
  // the look-up and the email happen after the answer (services/resendLink.ts).
  app.post<{ Body: ResendLinkRequest }>(
    '/api/landing/resend-link',
    {
      schema: resendLinkSchema,
      attachValidation: true,
      onRequest: app.limits.perClient('resend'),
    },
    async (request, reply) => {
      if (request.validationError)
        return sendError(reply, invalidBody(request.validationError.message));
      const { email, captchaToken, referral } = request.body;
      if (!(await app.botCheck.verify(captchaToken, 'landing_resend', request.ip)))
        throw notAPerson();
      if (!app.partners.has(referral)) {
        throw new ApiError(400, 'unknown_referral', 'This offer link is not recognised.');
      }
      await app.limits.resendForAddress(email);
      app.resendLink.request(email, referral);
      const answer: ResendLinkResponse = { accepted: true };
      return reply.code(202).send(answer);
    },
  );
}
