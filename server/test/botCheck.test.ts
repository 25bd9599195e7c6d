import { describe, expect, it } from 'vitest';
import { createBotCheck, localBotCheck, recaptchaBotCheck } from '../services/botCheck.ts';

describe('local bot check', () => {
  it('accepts exactly local:<action> for the same action', async () => {
    expect(await localBotCheck.verify('local:landing_signup', 'landing_signup')).toBe(true);
    expect(await localBotCheck.verify('local:landing_complete', 'landing_complete')).toBe(true);
    expect(await localBotCheck.verify('local:landing_complete', 'landing_signup')).toBe(false);
    expect(await localBotCheck.verify('LOCAL:landing_signup', 'landing_signup')).toBe(false);
    expect(await localBotCheck.verify('', 'landing_signup')).toBe(false);
  });

  it('is chosen when no reCAPTCHA secret is configured', () => {
    expect(createBotCheck(undefined).kind).toBe('local');
    expect(createBotCheck('secret').kind).toBe('recaptcha');
  });
});

describe('reCAPTCHA v3 bot check (with a stand-in fetch, never the network)', () => {
  function withAnswer(answer: unknown, ok = true) {
    const calls: { url: string; body: string }[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), body: String(init?.body) });
      return new Response(JSON.stringify(answer), { status: ok ? 200 : 500 });
    };
    return { calls, check: recaptchaBotCheck({ secretKey: 'the-secret', fetchImpl }) };
  }

  it('posts secret, token and remote address to siteverify and accepts a good answer', async () => {
    const { calls, check } = withAnswer({ success: true, action: 'landing_signup', score: 0.9 });
    expect(await check.verify('token-123', 'landing_signup', '203.0.113.7')).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://www.google.com/recaptcha/api/siteverify');
    const form = new URLSearchParams(calls[0]?.body);
    expect(form.get('secret')).toBe('the-secret');
    expect(form.get('response')).toBe('token-123');
    expect(form.get('remoteip')).toBe('203.0.113.7');
  });

  it.each([
    ['an unsuccessful answer', { success: false, action: 'landing_signup', score: 0.9 }],
    ['another action', { success: true, action: 'landing_complete', score: 0.9 }],
    ['a score below 0.5', { success: true, action: 'landing_signup', score: 0.3 }],
    ['no score', { success: true, action: 'landing_signup' }],
  ])('refuses %s', async (_label, answer) => {
    expect(await withAnswer(answer).check.verify('token', 'landing_signup')).toBe(false);
  });

  it('accepts a score of exactly 0.5', async () => {
    expect(
      await withAnswer({ success: true, action: 'landing_signup', score: 0.5 }).check.verify(
        't',
        'landing_signup',
      ),
    ).toBe(true);
  });

  it('fails closed when the verifier errors or is unreachable', async () => {
    expect(
      await withAnswer({ success: true, action: 'landing_signup', score: 1 }, false).check.verify(
        't',
        'landing_signup',
      ),
    ).toBe(false);
    const errors: unknown[] = [];
    const unreachable = recaptchaBotCheck({
      secretKey: 's',
      fetchImpl: async () => {
        throw new TypeError('fetch failed');
      },
      onError: (error) => errors.push(error),
    });
    expect(await unreachable.verify('t', 'landing_signup')).toBe(false);
    expect(errors).toHaveLength(1);
  });
});
