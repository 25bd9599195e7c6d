import type { Page } from 'playwright-core';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';

/** A partner's landing page's path: the default partner's is the site's root. */
export const landingPath = (id: string) => (id === 'default' ? '/' : `/${id}`);

/**
 * The email field's label as the partner's file words it (a partner may word it its own way), or
 * what the form falls back to (src/forms/signup/fieldsToSchema.ts).
 */
export function emailLabel(partner: PartnerConfig): string {
  const field = partner.form.fields.find((candidate) => candidate.type === 'email');
  if (!field) throw new Error(`${partner.id} has no email field`);
  return field.label ?? field.placeholder ?? field.name;
}

/**
 * Collects the page's console errors, uncaught errors and Content-Security-Policy violations
 * (`problems`), and the path of every script it fetches (`scripts`), from its next navigation on.
 */
export async function watchPage(page: Page): Promise<{ problems: string[]; scripts: string[] }> {
  const problems: string[] = [];
  const scripts: string[] = [];
  await page.exposeBinding('__cspViolation', (_source, text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation(text: string): void }).__cspViolation;
      report(`CSP: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return { problems, scripts };
}
