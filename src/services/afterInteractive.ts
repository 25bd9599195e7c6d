import { recordThisVisit } from './attribution/visit.ts';
import { measurePage } from './measurement/page.ts';
import { measure } from './vitals/measure.ts';

/**
 * What src/main.tsx runs once the page is interactive and idle, never in a browser driven by
 * automation, from one chunk no page names in its first load: what brought the visitor (the
 * attribution cookie the signup sends; docs/measurement.md), this page view's Core Web Vitals
 * and script errors for the guardrails report (docs/guardrails.md), and the partner's own tags
 * under the visitor's choice, whose code only a partner with tags fetches (docs/measurement.md).
 */
export function afterInteractive(errors: () => number): void {
  recordThisVisit();
  void measure(errors);
  measurePage().catch(() => {
    // No tags rather than a script error: the page works the same without them.
  });
}

/**
 * What the signup sends (src/flows/signup/useSignup.ts), from this same chunk: already loaded
 * when the visitor signs up, and one name less in the first load than a chunk of its own.
 */
export { signupAttribution } from './attribution/visit.ts';
