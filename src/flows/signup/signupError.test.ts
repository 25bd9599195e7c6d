import { describe, expect, it } from 'vitest';
import { signupErrorMessage } from './signupError.ts';
import { ApiError, createHttpApi } from '../../services/api.ts';
import { alertText } from '../../ui/Alerts/alertText.ts';

describe('signupErrorMessage (spec §8)', () => {
  it("formats the server's error values as '{status}: {text}'", () => {
    expect(signupErrorMessage(new ApiError(400, 'invalid_email', 'Bad Request'))).toBe(
      '400: Invalid email',
    );
    expect(signupErrorMessage(new ApiError(403, 'captcha_error', 'Forbidden'))).toBe(
      '403: Captcha error',
    );
  });

  it("says 'Unknown error' for any other or no error value", async () => {
    /** What the API client makes of an answer with this status and body. */
    const failedSignup = async (status: number, body: string) => {
      const api = createHttpApi('/api', async () => new Response(body, { status }));
      return api.signup({ email: 'a@example.com', captchaToken: 'x', referral: 'demo' }).then(
        () => undefined,
        (error: unknown) => error,
      );
    };
    expect(signupErrorMessage(await failedSignup(500, '{"error":"boom","message":"x"}'))).toBe(
      '500: Unknown error',
    );
    expect(signupErrorMessage(await failedSignup(502, '<html>Bad Gateway</html>'))).toBe(
      '502: Unknown error',
    );
    expect(signupErrorMessage(new ApiError(502, undefined, 'Bad Gateway'))).toBe(
      '502: Unknown error',
    );
    expect(signupErrorMessage(await failedSignup(400, '{"error":""}'))).toBe('400: Unknown error');
    // Keys of Object.prototype are not error values.
    expect(signupErrorMessage(await failedSignup(400, '{"error":"toString"}'))).toBe(
      '400: Unknown error',
    );
    // A code of the contract read from the body.
    expect(signupErrorMessage(await failedSignup(400, '{"error":"invalid_email"}'))).toBe(
      '400: Invalid email',
    );
    // The status decides the number, whatever the value.
    expect(signupErrorMessage(new ApiError(422, 'invalid_email', ''))).toBe('422: Invalid email');
  });

  it('turns a 429 into a clear sentence saying how long to wait', () => {
    expect(
      signupErrorMessage(
        new ApiError(
          429,
          'rate_limited',
          'Too many tries in a short time. Please wait 40 seconds and try again.',
        ),
      ),
    ).toBe('429: Too many tries in a short time. Please wait 40 seconds and try again.');
    // Without the server's sentence (a proxy's 429 page, say) a sentence of our own.
    for (const error of [
      new ApiError(429, 'rate_limited', ' '),
      new ApiError(429, undefined, 'Too Many Requests'),
    ]) {
      expect(signupErrorMessage(error)).toBe(
        '429: Too many tries in a short time. Please wait a minute and try again.',
      );
    }
  });

  it('says that the server could not be reached when no answer came (offline)', () => {
    // fetch rejects with a TypeError when the request never got an answer.
    expect(signupErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'We could not reach our server. Please check your internet connection and try again.',
    );
  });

  it('is blank for other errors without a status, so the alert shows its default text', () => {
    for (const error of [
      new Error('400: Invalid email'),
      'offline',
      undefined,
      { status: 400, code: 'invalid_email' },
    ]) {
      const message = signupErrorMessage(error);
      expect(message).toBe('');
      expect(alertText({ type: 'ERROR', msg: message })).toBe(
        'There was an error, please try again later or contact support',
      );
    }
  });
});
