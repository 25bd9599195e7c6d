import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  });
});
