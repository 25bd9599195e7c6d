import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { partnerTags, type SiteWideTags } from '../../src/config/tagRules.ts';
import { CONSENT_EARLY_SCRIPT } from '../../src/services/consent/notice.ts';
import { contentSecurityPolicy, scriptHash } from './securityHeaders.ts';

/**
 * The :clientId of a page address ("/demo/claim-offer?x=1" -> "demo"), lower-cased as the browser
 * reads it; an unknown id or a path without one shows the default partner.
 */
export function routePartnerId(url: string): string {
  const path = url.split('?')[0] ?? '';
  let first = path.split('/').find(Boolean) ?? '';
  try {
    first = decodeURIComponent(first);
  } catch {
    return '';
  }
  return first.toLowerCase();
}

export interface PagePolicyOptions {
  partners: readonly PartnerConfig[];
  /** The partner a page address and host name show (the browser's rule, spec §2). */
  partnerFor(hostname: string, url: string): PartnerConfig;
  siteTags: SiteWideTags;
  stripe: boolean;
  recaptcha: boolean;
}

/**
 * The Content-Security-Policy of each page: the one of the partner the page shows, made once per
 * partner at start. A partner's pages allow exactly its tags' hosts (its own, or the site-wide
 * Google ids when it names none of its own), and those of a partner that asks first also the one
 * inline line of its consent notice, by hash. A partner without tags gets none of those hosts.
 */
export function pagePolicies(
  options: PagePolicyOptions,
): (hostname: string, url: string) => string {
  const byPartner = new Map<string, string>();
  const earlyScript = scriptHash(CONSENT_EARLY_SCRIPT);
  const policyOf = (partner: PartnerConfig) =>
    contentSecurityPolicy({
      stripe: options.stripe,
      recaptcha: options.recaptcha,
      tags: partnerTags(partner.measurement, options.siteTags),
      ...(partner.measurement?.askConsent ? { scriptHashes: [earlyScript] } : {}),
    });
  for (const partner of options.partners) byPartner.set(partner.id, policyOf(partner));
  return (hostname, url) => {
    const partner = options.partnerFor(hostname, url);
    return byPartner.get(partner.id) ?? policyOf(partner);
  };
}
