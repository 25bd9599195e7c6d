/**
 * The consent notice's element ids and the footer button's attribute: shared by the notice's HTML
 * (notice.ts), its behaviour (src/services/measurement/notice.ts) and the footer, which needs
 * nothing else of them.
 */
export const CONSENT_NOTICE_ID = 'hs-consent';
/** The class the early line puts on <html> when a choice is remembered. */
export const CONSENT_CHOSEN_CLASS = 'hs-consent-chosen';
/** The polite live region that says the choice was saved (outside the notice, which hides). */
export const CONSENT_STATUS_ID = 'hs-consent-status';
/** The footer's "Cookie choices" button carries this attribute (src/blocks/Footer). */
export const CONSENT_OPEN_ATTRIBUTE = 'data-consent-open';
