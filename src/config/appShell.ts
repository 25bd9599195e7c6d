import { defaultLanguage, isLanguage, type Language } from '../i18n/languages.ts';

/**
 * The app shell: the page the server sends for an address that is not prerendered (the journey's
 * later steps, the payment return), where the app renders everything once it runs. The build
 * writes one per language (tools/prerender/plugin.ts), so a screen reader reads a Spanish
 * address's page with Spanish rules from its first word, before any script (issue 37).
 */
export const shellFile = (language: Language) =>
  language === defaultLanguage ? 'app-shell.html' : `app-shell.${language}.html`;

/**
 * The language an address is in, by the router's rule (src/app/routes.tsx: /:clientId?/es/...):
 * a language's code as the first segment (/es/claim-offer/complete, on a partner's own host or
 * for the default partner) or the second, after the partner's id (/lowes/es/claim-offer/process).
 * English otherwise. `es` is never a partner id or a slug (docs/partners.md).
 */
export function addressLanguage(path: string): Language {
  const [first, second] = (path.split(/[?#]/)[0] ?? '')
    .split('/')
    .filter((segment) => segment !== '');
  for (const segment of [first, second])
    if (segment !== defaultLanguage && isLanguage(segment)) return segment;
  return defaultLanguage;
}
