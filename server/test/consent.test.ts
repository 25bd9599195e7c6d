import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageToReturnTo } from '../routes/consent.ts';
import { startServer, type TestServer } from './helpers.ts';

/*
 * The consent notice's answer when the page's script has not run: its buttons are a form that
 * posts here. The choice is saved in the cookie the page would write, and the visitor is sent
 * back to their page; a form on another site cannot set it.
 */
describe('POST /api/consent', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const post = (body: string, headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/consent',
      payload: body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'homesafe.test',
        ...headers,
      },
    });

  it('saves an accept from our own page and goes back to it', async () => {
    const answer = await post('choice=accept', {
      'sec-fetch-site': 'same-origin',
      referer: 'http://homesafe.test/showcase/spring-offer?utm_source=mail',
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/showcase/spring-offer?utm_source=mail');
    expect(answer.headers['set-cookie']).toMatch(
      /^hs_consent=v1\.g\.g; Path=\/; Max-Age=\d+; SameSite=Lax(; Secure)?$/,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('saves a reject, judged by Origin where the browser sends no Sec-Fetch-Site', async () => {
    const answer = await post('choice=reject', {
      origin: 'http://homesafe.test',
      referer: 'http://homesafe.test/demo',
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/demo');
    expect(answer.headers['set-cookie']).toMatch(/^hs_consent=v1\.d\.d;/);
  });

  it('refuses a form on another site, and sets nothing', async () => {
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { origin: 'https://evil.example' },
      {},
    ];
    for (const headers of attempts) {
      const answer = await post('choice=accept', headers);
      expect(answer.statusCode).toBe(403);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('refuses an answer that is neither, and sets nothing', async () => {
    const answer = await post('choice=maybe', { 'sec-fetch-site': 'same-origin' });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('goes back only to a page of our own site', () => {
    expect(pageToReturnTo('https://evil.example/x', 'homesafe.test')).toBe('/');
    expect(pageToReturnTo('javascript:alert(1)', 'homesafe.test')).toBe('/');
    expect(pageToReturnTo(undefined, 'homesafe.test')).toBe('/');
    expect(pageToReturnTo('http://homesafe.test/lowes#faq', 'homesafe.test')).toBe('/lowes');
  });
});
