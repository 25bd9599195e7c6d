import type { OutboxEmail } from '../storage/repository.ts';

/** One outbox email as plain text for the terminal (server/outbox-cli.ts). */
export function formatOutboxEmail(email: OutboxEmail, withHtml: boolean): string {
  const lines = [
    `#${email.id}  ${new Date(email.createdAt).toISOString()}  [${email.status}]`,
    `To:      ${email.toAddress}`,
    `Subject: ${email.subject}`,
    `Partner: ${email.partnerId}${email.reportId ? `   Report: ${email.reportId}` : ''}`,
  ];
  if (email.lastError) lines.push(`Error:   ${email.lastError}`);
  if (email.status === 'pending' && email.nextAttemptAt !== null)
    lines.push(`Next try: ${new Date(email.nextAttemptAt).toISOString()}`);
  lines.push('', email.text.trimEnd());
  if (withHtml) lines.push('', '--- HTML ---', email.html.trimEnd());
  return lines.join('\n');
}
