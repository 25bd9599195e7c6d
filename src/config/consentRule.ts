/**
 * The visitor's measurement choice and what it allows (docs/measurement.md, "Under which
 * choice"), written once for the browser and the server.
 *
 * The choice lives in a first-party cookie, `hs_consent`, written by the consent notice:
 * `v1.<analytics>.<ads>`, each `g` (granted) or `d` (denied); no cookie means no choice made.
 * A browser's Global Privacy Control signal (`Sec-GPC: 1`, `navigator.globalPrivacyControl`)
 * always refuses advertising use, whatever the cookie says.
 */
export const CONSENT_COOKIE = 'hs_consent';

export type ConsentAnswer = 'granted' | 'denied';

export interface ConsentChoice {
  analytics: ConsentAnswer;
  ads: ConsentAnswer;
}

const COOKIE_VALUE = /^v1\.([gd])\.([gd])$/;

const answer = (letter: string | undefined): ConsentAnswer =>
  letter === 'g' ? 'granted' : 'denied';

/** The choice a cookie value holds; undefined for none or anything not in the v1 form. */
export function parseConsent(value: string | undefined | null): ConsentChoice | undefined {
  const match = value ? COOKIE_VALUE.exec(value.trim()) : null;
  return match ? { analytics: answer(match[1]), ads: answer(match[2]) } : undefined;
}

/** The cookie value of a choice: `v1.g.d`. */
export function formatConsent(choice: ConsentChoice): string {
  const letter = (value: ConsentAnswer) => (value === 'granted' ? 'g' : 'd');
  return `v1.${letter(choice.analytics)}.${letter(choice.ads)}`;
}

export interface ConsentContext {
  /** The partner asks before tags load (partner file, `measurement.askConsent`). */
  askConsent: boolean;
  /** The visitor's choice, or undefined when none was made. */
  choice: ConsentChoice | undefined;
  /** The browser sent Global Privacy Control. */
  gpc: boolean;
}

/**
 * Advertising use (ad platforms' tags, purchases sent to them from the server). A partner that
 * asks: only after the visitor accepted advertising. A partner that does not ask (the opt-out
 * model): unless the visitor refused it. Global Privacy Control refuses it in both.
 */
export function advertisingAllowed(context: ConsentContext): boolean {
  if (context.gpc) return false;
  return context.askConsent ? context.choice?.ads === 'granted' : context.choice?.ads !== 'denied';
}

/** Analytics use: the same model as advertising, but Global Privacy Control does not refuse it. */
export function analyticsAllowed(context: ConsentContext): boolean {
  return context.askConsent
    ? context.choice?.analytics === 'granted'
    : context.choice?.analytics !== 'denied';
}
