import type { OutboxEmail } from '../storage/repository.ts';
import { escapeHtml } from './escape.ts';

/**
 * The development outbox viewer. Every value is escaped; each email's own HTML is shown inside a
 * sandboxed iframe (srcdoc, no scripts, no same-origin access), so even hostile email content
 * cannot run in this page.
 */
function formatTime(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

function renderEmail(email: OutboxEmail): string {
  const e = escapeHtml;
  return `
  <article>
    <h2>${e(email.subject)}</h2>
    <dl>
      <dt>To</dt><dd>${e(email.toAddress)}</dd>
      <dt>Partner</dt><dd>${e(email.partnerId)}</dd>
      <dt>Report</dt><dd>${e(email.reportId ?? '')}</dd>
      <dt>Status</dt><dd>${e(email.status)}${email.lastError ? ` (${e(email.lastError)})` : ''}</dd>
      <dt>Created</dt><dd>${e(formatTime(email.createdAt))}</dd>
    </dl>
    <iframe title="${e(`Email: ${email.subject}`)}" sandbox="" srcdoc="${e(email.html)}"></iframe>
    <details><summary>Plain text version</summary><pre>${e(email.text)}</pre></details>
  </article>`;
}

export function renderOutboxPage(emails: readonly OutboxEmail[]): string {
  const body =
    emails.length === 0 ? '<p>The outbox is empty.</p>' : emails.map(renderEmail).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>Outbox (development)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 960px; padding: 0 1rem; color: #2F3437; }
  article { border: 1px solid #ccd; border-radius: 8px; padding: 1rem; margin: 1.5rem 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: bold; }
  dd { margin: 0; }
  iframe { width: 100%; height: 720px; border: 1px solid #ddd; border-radius: 4px; }
  pre { white-space: pre-wrap; }
</style>
</head>
<body>
<h1>Outbox (development)</h1>
<p>Emails the server would have sent. SMTP is not configured, so they are kept here; latest first.</p>
${body}
</body>
</html>
`;
}
