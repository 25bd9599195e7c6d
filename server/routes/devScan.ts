import type { FastifyInstance } from 'fastify';
import { DEV_SCAN_PATH } from '../config.ts';
import { escapeHtml, htmlHead } from '../email/escape.ts';

/**
 * GET /api/dev/scan?report=<id>: the development stand-in for the scan app, which is another
 * product. The instructions email's "Start my home scan" button lands here when SCAN_APP_URL is
 * not set, and the page says plainly where the real link will go. Registered in development only
 * (production refuses to start without SCAN_APP_URL, see server/config.ts).
 */
export function renderDevScanPage(reportId: string | undefined): string {
  const e = escapeHtml;
  const report = reportId
    ? `<p>The report this link opens: <code>${e(reportId)}</code>.</p>`
    : '<p>This link names no report (the email adds <code>?report=&lt;report id&gt;</code>).</p>';
  return `${htmlHead('Scan app (development stand-in)')}
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#2F3437}code{overflow-wrap:anywhere}</style>
</head>
<body>
<main>
<h1>This is where the scan app will open</h1>
<p>In production the instructions email's "Start my home scan" button opens the scan app at the address set in <code>SCAN_APP_URL</code>, with <code>?report=&lt;report id&gt;</code> added, for example <code>https://scan-app.example/start?report=${e(reportId ?? 'report-id')}</code>.</p>
${report}
<p>This page stands in for it in development. Set <code>SCAN_APP_URL</code> to the scan app's address to send people there instead; the server refuses to start with <code>APP_ENV=production</code> until it is set.</p>
</main>
</body>
</html>
`;
}

export async function devScanRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { report?: string } }>(DEV_SCAN_PATH, async (request, reply) => {
    const report = typeof request.query.report === 'string' ? request.query.report : undefined;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
      )
      .send(renderDevScanPage(report));
  });
}
