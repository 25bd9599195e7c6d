import type { PartnerTags } from '../../config/tagRules.ts';
import { CONSENT_COOKIE } from '../../config/consentRule.ts';
import { CONSENT_CHOSEN_CLASS, CONSENT_NOTICE_ID, CONSENT_STATUS_ID } from './ids.ts';
import type { NoticeWords } from './noticeWords.ts';

export {
  CONSENT_CHOSEN_CLASS,
  CONSENT_NOTICE_ID,
  CONSENT_OPEN_ATTRIBUTE,
  CONSENT_STATUS_ID,
} from './ids.ts';

/**
 * The consent notice as HTML, written into the partner's prerendered pages ahead of the app
 * (tools/prerender/): a labelled region at the top of the page, in the flow, so it takes its own
 * space from the first paint and nothing moves when it comes or goes (it goes on a click, which
 * layout-shift measures leave out). It is no part of React's tree: the app never renders or
 * hydrates it. Its buttons are answered in the page once the page's measuring code has started
 * (src/services/measurement/notice.ts), and by the server before that (a plain form post). Plain HTML and CSS, no script of its own but one line that
 * hides it before the first paint when the visitor has already chosen (its hash is in the page's
 * Content-Security-Policy, server/http/securityHeaders.ts).
 */
/** Where the notice's form posts an answer the page's script did not take (server/routes/consent.ts). */
export const CONSENT_FORM_ACTION = '/api/consent';

/** Hides the notice before the first paint when the visitor chose on an earlier page. */
export const CONSENT_EARLY_SCRIPT = `/(^|;\\s*)${CONSENT_COOKIE}=v1\\.[gd]\\.[gd](;|$)/.test(document.cookie)&&document.documentElement.classList.add('${CONSENT_CHOSEN_CLASS}')`;

export interface NoticeOptions {
  partnerName: string;
  /** The tags the partner's pages may load (src/config/tagRules.ts partnerTags). */
  tags: PartnerTags;
  /** Shown on arrival until the visitor chooses (askConsent); otherwise only from the footer. */
  ask: boolean;
  /** The site's privacy policy, if it links one. */
  privacyHref?: string | undefined;
  /** Its words, in the page's language (src/services/consent/noticeWords.ts). */
  words: NoticeWords;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/*
 * Large text (the body's 18px), dark on light (12:1), the two answers drawn alike side by side
 * (neither is the "main" one), 52px tall and at least 10rem wide; focus rings as everywhere else.
 * Outside .partner-root, so the site's neutral tokens apply rather than a partner's colours. In
 * the system's own font: the page's web font arrives after the first paint and would wrap the
 * notice's lines anew, moving the whole page below it (a layout shift no visitor caused).
 */
const STYLE = `
#${CONSENT_NOTICE_ID}{background:#f4f6f7;color:#2f3437;border-bottom:4px solid #2f3437;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:var(--font-size-body);line-height:var(--line-height-body)}
.${CONSENT_CHOSEN_CLASS} #${CONSENT_NOTICE_ID},#${CONSENT_NOTICE_ID}[hidden]{display:none}
#${CONSENT_NOTICE_ID} .hs-consent-inner{max-width:var(--content-width);margin:0 auto;padding:var(--space-5) var(--space-4)}
#${CONSENT_NOTICE_ID} h2{font-size:var(--font-size-h3);line-height:1.3;margin:0 0 var(--space-2)}
#${CONSENT_NOTICE_ID} h2:focus{outline:none}
#${CONSENT_NOTICE_ID} p{margin:0 0 var(--space-3);max-width:60rem}
#${CONSENT_NOTICE_ID} .hs-consent-actions{display:flex;flex-wrap:wrap;gap:var(--space-3);margin:var(--space-4) 0}
#${CONSENT_NOTICE_ID} button{min-height:var(--control-height);min-width:10rem;padding:var(--space-2) var(--space-6);border:2px solid #2f3437;border-radius:999px;background:#2f3437;color:#fff;font:inherit;font-weight:700;cursor:pointer}
#${CONSENT_NOTICE_ID} button:hover{text-decoration:underline}
#${CONSENT_NOTICE_ID} button:focus-visible,#${CONSENT_NOTICE_ID} summary:focus-visible,#${CONSENT_NOTICE_ID} a:focus-visible{outline:none;box-shadow:var(--focus-ring)}
#${CONSENT_NOTICE_ID} summary{cursor:pointer;font-weight:700;text-decoration:underline;min-height:2.75rem;display:list-item}
#${CONSENT_NOTICE_ID} ul{margin:var(--space-3) 0;padding-left:var(--space-5)}
#${CONSENT_NOTICE_ID} a{color:#1d4f8c}
#${CONSENT_STATUS_ID}{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media print{#${CONSENT_NOTICE_ID}{display:none}}
`
  .trim()
  .replace(/\n/g, '');

/** "Google", "Meta (Facebook)" or "Google and Meta (Facebook)": whose cookies these are. */
function companiesOf(tags: PartnerTags, t: NoticeWords['text']): string {
  const google = Boolean(tags.googleTagId || tags.tagManagerId);
  if (google && tags.metaPixelId) return t('googleAndMeta');
  return google ? t('google') : t('meta');
}

export function consentNoticeHtml({
  partnerName,
  tags,
  ask,
  privacyHref,
  words,
}: NoticeOptions): string {
  const { text: t, region } = words;
  const listed = (['googleTagId', 'tagManagerId', 'metaPixelId'] as const)
    .filter((key) => tags[key])
    .map((key) => `<li>${escapeHtml(t(key))}</li>`)
    .join('');
  const privacy = privacyHref
    ? `<p><a href="${escapeHtml(privacyHref)}">${escapeHtml(t('privacyLink'))}</a></p>`
    : '';
  const intro = t((tags.metaPixelId ?? tags.tagManagerId) ? 'introAdvertising' : 'intro', {
    partner: partnerName,
    companies: companiesOf(tags, t),
  });
  return [
    ask ? `<script>${CONSENT_EARLY_SCRIPT}</script>` : '',
    `<section id="${CONSENT_NOTICE_ID}" aria-label="${escapeHtml(region)}"${ask ? '' : ' hidden'}>`,
    `<style>${STYLE}</style>`,
    `<div class="hs-consent-inner">`,
    `<h2 id="${CONSENT_NOTICE_ID}-title" tabindex="-1">${escapeHtml(t('title'))}</h2>`,
    `<p>${escapeHtml(intro)}</p>`,
    // A form, so that an answer given before the page's script runs (or without it) is still
    // saved: the browser posts it (server/routes/consent.ts) and comes back to the page.
    `<form class="hs-consent-actions" method="post" action="${CONSENT_FORM_ACTION}">`,
    `<button type="submit" name="choice" value="accept" data-consent="accept">${escapeHtml(t('accept'))}</button>`,
    `<button type="submit" name="choice" value="reject" data-consent="reject">${escapeHtml(t('reject'))}</button>`,
    `</form>`,
    `<details><summary>${escapeHtml(t('details'))}</summary>`,
    `<ul>${listed}</ul>`,
    `<p>${escapeHtml(t('always'))}</p>`,
    `<p>${escapeHtml(t('privacySignal'))}</p>`,
    `<p>${escapeHtml(t('remembered'))}</p>`,
    privacy,
    `</details>`,
    `</div>`,
    `</section>`,
    // The two sentences that confirm an answer, in the page's language, for the page's script to
    // say (src/services/measurement/notice.ts) without a word list of its own.
    `<p id="${CONSENT_STATUS_ID}" role="status" data-accepted="${escapeHtml(t('savedAccepted'))}" data-rejected="${escapeHtml(t('savedRejected'))}"></p>`,
  ].join('');
}
