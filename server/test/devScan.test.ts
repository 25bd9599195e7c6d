import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV, startServer, type TestServer } from './helpers.ts';

/*
 * The email's "Start my home scan" link (issue 15): it used to default to {PUBLIC_BASE_URL}/scan,
 * which this site reads as the client id "scan" and answers with the unbranded signup page. In
 * development it now opens a local page that says what the real link will be; production refuses
 * to start without SCAN_APP_URL (server/test/config.test.ts).
 */
describe('the scan link in development', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('points at a local page that says what the real link will be', async () => {
    server = await startServer();
    expect(server.config.scanAppUrl).toBe('https://scan.example.test/api/dev/scan');
    const response = await fetch(`${server.baseUrl}/api/dev/scan?report=report-<42>`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<h1>This is where the scan app will open</h1>');
    expect(html).toContain('<code>SCAN_APP_URL</code>');
    expect(html).toContain('<code>report-&lt;42&gt;</code>');
    expect(html).not.toContain('report-<42>');
  });

  it('is not there when the scan app address is set for production', async () => {
    server = await startServer({
      env: PRODUCTION_TEST_ENV,
    });
    const response = await fetch(`${server.baseUrl}/api/dev/scan?report=r`);
    expect(response.status).toBe(404);
  });
});
