import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStudioReport, databaseOf } from './studioReport.ts';

const repoRoot = join(import.meta.dirname, '../..');

/** A port nothing listens on: a server's, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe("the studio's Test results, with no other program started", () => {
  let api: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((done) => (api ? api.close(() => done()) : done()));
    api = undefined;
  });

  it("reads the report from the site's database when the site's API is not running", async () => {
    const report = createStudioReport(repoRoot, `http://127.0.0.1:${await closedPort()}`, {
      DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'studio-report-')), 'none.db'),
    });
    const answer = await report(new URL('http://studio.local/api/report?partner=showcase'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ pages: [], sources: { touch: 'last' } });
  });

  it("gives the site's API's answer when it runs", async () => {
    let asked = '';
    api = createServer((request, response) => {
      asked = request.url ?? '';
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ pages: ['from the API'] }));
    });
    await new Promise<void>((done) => api?.listen(0, '127.0.0.1', done));
    const { port } = api.address() as AddressInfo;
    const report = createStudioReport(repoRoot, `http://127.0.0.1:${port}`, {});
    const answer = await report(new URL('http://studio.local/api/report?partner=demo&touch=first'));
    expect(asked).toBe('/api/report?partner=demo&touch=first');
    expect(answer).toEqual({ status: 200, body: { pages: ['from the API'] } });
  });

  it("names the site's database as the site would: DATABASE_URL, else DATABASE_PATH from the project", () => {
    const root = mkdtempSync(join(tmpdir(), 'studio-project-'));
    try {
      expect(databaseOf(root, { DATABASE_URL: 'postgres://x@localhost/y' })).toMatchObject({
        engine: 'postgres',
      });
      // No file there yet: an empty database in memory, not a new file in the site's folder.
      expect(databaseOf(root, {})).toEqual({ engine: 'sqlite', path: ':memory:' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
