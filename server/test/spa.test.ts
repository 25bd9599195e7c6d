import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../app.ts';
import {
  completeBody,
  paidClaimToken,
  postJson,
  startServer,
  tempDir,
  type TestServer,
} from './helpers.ts';

describe('serving the built site', () => {
  const site = tempDir('homesafe-dist-');
  let server: TestServer;
  beforeAll(async () => {
    mkdirSync(join(site.dir, 'assets'));
    writeFileSync(join(site.dir, 'index.html'), '<!doctype html><title>SPA shell</title>');
    writeFileSync(join(site.dir, 'assets', 'app-abc123.js'), 'console.log("app")');
    server = await startServer({ build: { staticDir: site.dir } });
  });
  afterAll(async () => {
    await server.close();
    site.remove();
  });

  it('serves files, with long caching only for fingerprinted assets', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const home = await fetch(`${server.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('SPA shell');
    expect(home.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers app routes with index.html so the browser router can take over', async () => {
    for (const path of ['/demo', '/demo/claim-offer/process', '/claim-offer/create-home?t=abc']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('SPA shell');
    }
  });

  it('keeps 404 for missing files and unknown API paths', async () => {
    expect((await fetch(`${server.baseUrl}/assets/missing-file.js`)).status).toBe(404);
    const api = await fetch(`${server.baseUrl}/api/missing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not_found' });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });
});

describe('serving prerendered partner pages', () => {
  const site = tempDir('homesafe-prerendered-');
  let server: TestServer;
  const page = (path: string, body: string) => {
    mkdirSync(join(site.dir, path), { recursive: true });
    writeFileSync(join(site.dir, path, 'index.html'), `<!doctype html><title>${body}</title>`);
  };
  beforeAll(async () => {
    page('', 'default landing');
    page('claim-offer', 'default claim offer');
    page('demo', 'demo landing');
    writeFileSync(join(site.dir, 'demo', 'index.html.gz'), gzipSync('<title>demo landing</title>'));
    page('demo/claim-offer', 'demo claim offer');
    page('lowes', 'lowes landing');
    page('_host/lowes', 'lowes landing for its hosts');
    page('_host/lowes/claim-offer', 'lowes claim offer for its hosts');
    writeFileSync(join(site.dir, 'app-shell.html'), '<!doctype html><title>app shell</title>');
    const spanishShell = '<!doctype html><html lang="es"><title>app shell in Spanish</title>';
    writeFileSync(join(site.dir, 'app-shell.es.html'), spanishShell);
    writeFileSync(join(site.dir, 'app-shell.es.html.gz'), gzipSync(spanishShell));
    mkdirSync(join(site.dir, 'assets'));
    writeFileSync(join(site.dir, 'assets', 'app-abc123.js'), 'console.log("app")'.repeat(100));
    writeFileSync(join(site.dir, 'assets', 'app-abc123.js.br'), 'brotli bytes');
    server = await startServer({ build: { staticDir: site.dir } });
  });
  afterAll(async () => {
    await server.close();
    site.remove();
  });

  // inject() says "localhost" unless told otherwise, and localhost is one of the retailer's hosts.
  const get = (url: string, host = '127.0.0.1') =>
    server.app.inject({ method: 'GET', url, headers: { host } });

  it('answers each prerendered address with its own page, with or without a trailing slash', async () => {
    const expected: Record<string, string> = {
      '/': 'default landing',
      '/claim-offer': 'default claim offer',
      '/demo': 'demo landing',
      '/demo/': 'demo landing',
      '/demo?utm_source=mail': 'demo landing',
      '/demo/claim-offer': 'demo claim offer',
      '/lowes': 'lowes landing',
    };
    for (const [url, title] of Object.entries(expected)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${title}</title>`);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers every other page address with the app shell', async () => {
    for (const url of [
      '/demo/claim-offer/process',
      '/acme',
      '/lowes/claim-offer',
      '/_host/lowes',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>app shell</title>');
    }
  });

  it('answers a Spanish address that is not prerendered with the Spanish shell, so lang is right before any script (issue 37)', async () => {
    const spanish: [url: string, host: string][] = [
      ['/lowes/es/claim-offer/process', '127.0.0.1'],
      ['/demo/es/claim-offer/create-home?t=abc', '127.0.0.1'],
      ['/lowes/es/claim-offer/payment-return?session_id=cs_1', '127.0.0.1'],
      ['/es/claim-offer/complete', '127.0.0.1'],
      // On a partner's own host the language is the first segment.
      ['/es/claim-offer/resend', 'localhost'],
      ['/es/claim-offer/process', 'localhost'],
    ];
    for (const [url, host] of spanish) {
      const response = await get(url, host);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<html lang="es"><title>app shell in Spanish</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // English addresses keep the English shell, "es" further down included.
    for (const url of ['/lowes/claim-offer/process', '/claim-offer/complete?lang=es']) {
      expect((await get(url)).body, url).toContain('<title>app shell</title>');
    }
    // Sent compressed like any page.
    const compressed = await server.app.inject({
      method: 'GET',
      url: '/lowes/es/claim-offer/complete',
      headers: { host: '127.0.0.1', 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toContain('<html lang="es">');
  });

  it("gives a partner's host name that partner's pages, and never another partner's", async () => {
    // partners/lowes.json lists localhost among its hosts (spec §2: the host decides first).
    for (const host of ['localhost', 'localhost:8787', 'LOCALHOST']) {
      expect((await get('/', host)).body).toContain('lowes landing for its hosts');
    }
    expect((await get('/claim-offer', 'localhost')).body).toContain(
      'lowes claim offer for its hosts',
    );
    expect((await get('/lowes', 'localhost')).body).toContain('<title>lowes landing</title>');
    expect((await get('/demo', 'localhost')).body).toContain('<title>app shell</title>');
    expect((await get('/demo/claim-offer', 'localhost')).body).toContain('app shell');
    expect((await get('/demo', '127.0.0.1')).body).toContain('<title>demo landing</title>');
  });

  it('sends pages with a Content-Security-Policy that allows no inline or evaluated script', async () => {
    const response = await get('/demo');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect((await get('/demo/claim-offer/process')).headers['content-security-policy']).toBe(
      policy,
    );
    expect((await get('/assets/app-abc123.js')).headers['content-security-policy']).toBeUndefined();
    const compressed = await server.app.inject({
      method: 'GET',
      url: '/demo',
      headers: { host: '127.0.0.1', 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-security-policy']).toBe(policy);
  });

  it('sends the precompressed file to a browser that accepts it', async () => {
    const compressed = await server.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { host: '127.0.0.1', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.body).toBe('brotli bytes');
    expect(compressed.headers.vary).toContain('accept-encoding');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log("app")');
  });
});

describe('outbox command', () => {
  it('prints the stored emails, latest first', async () => {
    const server = await startServer();
    try {
      for (const email of ['first@example.com', 'second@example.com']) {
        const { claimToken } = await paidClaimToken(server, email);
        expect(
          (await postJson(server, '/api/landing/complete', completeBody(claimToken))).status,
        ).toBe(201);
      }
      const result = spawnSync(
        join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
        ['server/outbox-cli.ts', '--limit', '5'],
        {
          cwd: PROJECT_ROOT,
          env: {
            ...process.env,
            DATABASE_PATH: server.config.databasePath,
            TOKEN_SECRET: 'x'.repeat(40),
          },
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('Subject: Your HomeSafe Scan from Demo Partner is ready');
      expect(result.stdout.indexOf('second@example.com')).toBeLessThan(
        result.stdout.indexOf('first@example.com'),
      );
    } finally {
      await server.close();
    }
  }, 40_000);
});
