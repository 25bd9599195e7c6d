import { describe, expect, it } from 'vitest';
import { resendErrorText } from './resendError.ts';
import { createHttpApi } from '../../services/api.ts';

/** What the API client makes of a resend-link answer with this status and body. */
async function failedResend(status: number, body: string): Promise<unknown> {
  const api = createHttpApi('/api', async () => new Response(body, { status }));
  return api.resendLink({ email: 'a@example.com', captchaToken: 'x', referral: 'demo' }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('resendErrorText ("send me my link again")', () => {
  it("keeps our server's sentence of how long to wait; any other 429 gets one of ours", async () => {
    expect(
      resendErrorText(
        await failedResend(
          429,
          '{"error":"rate_limited","message":"Too many tries in a short time. Please wait 42 minutes and try again."}',
        ),
      ),
    ).toBe('Too many tries in a short time. Please wait 42 minutes and try again.');
    expect(resendErrorText(await failedResend(429, '<html>slow down</html>'))).toBe(
      'Too many tries in a short time. Please wait a minute and try again.',
    );
  });

  it('says what to do for a bad address, a failed bot check and anything else', async () => {
    expect(
      resendErrorText(await failedResend(400, '{"error":"invalid_email","message":"x"}')),
    ).toBe('Please enter a valid email address.');
    expect(
      resendErrorText(await failedResend(403, '{"error":"captcha_error","message":"x"}')),
    ).toBe('We could not confirm you are a person. Please try again.');
    expect(resendErrorText(await failedResend(502, 'Bad Gateway'))).toBe(
      'We could not send your request. Please check your connection and try again.',
    );
    expect(resendErrorText(new TypeError('Failed to fetch'))).toBe(
      'We could not send your request. Please check your connection and try again.',
    );
  });

  it('posts to /landing/resend-link and reads the answer', async () => {
    const seen: { url: string; body: unknown }[] = [];
    const api = createHttpApi('/api/', async (url, init) => {
      seen.push({ url: String(url), body: JSON.parse(String(init?.body)) as unknown });
      return new Response('{"accepted":true}', { status: 202 });
    });
    expect(
      await api.resendLink({ email: 'a@example.com', captchaToken: 't', referral: 'demo' }),
    ).toEqual({ accepted: true });
    expect(seen).toEqual([
      {
        url: '/api/landing/resend-link',
        body: { email: 'a@example.com', captchaToken: 't', referral: 'demo' },
      },
    ]);
  });
});
