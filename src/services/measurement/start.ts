import {
  advertisingAllowed,
  analyticsAllowed,
  type ConsentChoice,
  type ConsentContext,
} from '../../config/consentRule.ts';
import {
  consentModeState,
  hasAnyTag,
  tagsToLoad,
  type PartnerTags,
} from '../../config/tagRules.ts';
import { consentCookie, readConsent, tagCookieRemovals } from './consentCookie.ts';
import { defaultLanguage, isLanguage, type Language } from '../../i18n/languages.ts';
import { wireNotice } from './notice.ts';
import {
  forwardEvents,
  loadTags,
  noTagsLoaded,
  revokeMeta,
  setConsentDefaults,
  updateConsent,
  type Forwarding,
  type MeasuredWindow,
  type PurchaseValue,
  type TagDocument,
} from './tags.ts';

declare global {
  interface Navigator {
    /** Global Privacy Control (globalprivacycontrol.org): the visitor refuses sale and sharing. */
    globalPrivacyControl?: boolean;
  }
}

export interface MeasurementPage {
  win: MeasuredWindow;
  doc: TagDocument & { cookie: string };
  /** navigator.globalPrivacyControl */
  gpc: boolean;
  hostname: string;
  secure: boolean;
  /** The app's language (it sets `<html lang>`: src/app/PartnerLayout.tsx). */
  language: Language;
  /** Wires the notice's buttons and the footer's "Cookie choices" to this choice handler. */
  wire(onChoice: (choice: ConsentChoice) => void, fallback: () => Promise<string>): void;
}

function browserPage(): MeasurementPage {
  return {
    win: window,
    doc: document as Document & TagDocument,
    gpc: navigator.globalPrivacyControl === true,
    hostname: location.hostname,
    secure: location.protocol === 'https:',
    language: isLanguage(document.documentElement.lang)
      ? document.documentElement.lang
      : defaultLanguage,
    wire: (onChoice, fallback) => void wireNotice(document, onChoice, fallback),
  };
}

/**
 * A partner page's tags under the visitor's choice (docs/measurement.md): Consent Mode's defaults
 * (all denied) go into the dataLayer before anything else of Google's; then the remembered choice
 * or the partner's model decides what loads (src/config/tagRules.ts). A choice made in the notice
 * is saved in the hs_consent cookie, sent to Google as a Consent Mode update, loads what it allows,
 * and on a refusal stops the pixel and removes the tags' own cookies of each refused use. What loaded stays loaded
 * until the page is left (a script cannot be unloaded); Consent Mode and the pixel's revoke tell
 * them to stop.
 */
export function startMeasurement(
  partner: { name: string; askConsent: boolean; offer?: PurchaseValue },
  tags: PartnerTags,
  page: MeasurementPage = browserPage(),
): void {
  const { askConsent } = partner;
  if (!hasAnyTag(tags)) return;
  const { win, doc } = page;
  const loaded = noTagsLoaded();
  let forward: ((next: Forwarding) => void) | undefined;
  setConsentDefaults(win);

  const apply = (choice: ConsentChoice | undefined) => {
    const context: ConsentContext = { askConsent, choice, gpc: page.gpc };
    // With nothing chosen yet on a partner that asks, the defaults stand until the answer.
    if (askConsent && !choice) return;
    updateConsent(win, consentModeState(context));
    const ads = advertisingAllowed(context);
    const analytics = analyticsAllowed(context);
    if (!ads) revokeMeta(win);
    const refused = { analytics: !analytics, ads: !ads };
    for (const removal of tagCookieRemovals(doc.cookie, page.hostname, refused)) {
      doc.cookie = removal;
    }
    loadTags(tagsToLoad(tags, context), loaded, win, doc);
    const forwarding: Forwarding = {
      ga: Boolean(tags.googleTagId && loaded.google.has(tags.googleTagId)) && (ads || analytics),
      meta: loaded.meta.size > 0 && ads,
    };
    if (forward) forward(forwarding);
    else if (forwarding.ga || forwarding.meta)
      forward = forwardEvents(win, forwarding, partner.offer);
  };

  apply(readConsent(doc.cookie));
  page.wire(
    (choice) => {
      doc.cookie = consentCookie(choice, page.secure);
      apply(choice);
    },
    // Only a page without the prerendered notice fetches the notice's HTML and its words (in
    // the app's language): this code carries neither.
    async () => {
      const [{ consentNoticeHtml }, { noticeWordsIn }] = await Promise.all([
        import('../consent/notice.ts'),
        import('../consent/noticeWords.ts'),
      ]);
      return consentNoticeHtml({
        partnerName: partner.name,
        tags,
        ask: false,
        words: await noticeWordsIn(page.language),
      });
    },
  );
}
