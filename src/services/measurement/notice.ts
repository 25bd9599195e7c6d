import type { ConsentChoice } from '../../config/consentRule.ts';
import {
  CONSENT_CHOSEN_CLASS,
  CONSENT_NOTICE_ID,
  CONSENT_OPEN_ATTRIBUTE,
  CONSENT_STATUS_ID,
} from '../consent/ids.ts';

/**
 * The prerendered notice's behaviour (its HTML: src/services/consent/notice.ts). Accept and Reject
 * each save one answer for analytics and advertising alike, hide the notice and say so in a polite
 * live region. The footer's "Cookie choices" shows it again and moves the focus to its heading; the
 * focus goes back to that button once the visitor has answered. Nothing traps the focus: it is a
 * region of the page, not a dialog. The sentences it says are the notice's own (data attributes of
 * its status region, in the page's language), so this code carries no words.
 */
export async function wireNotice(
  doc: Document,
  onChoice: (choice: ConsentChoice) => void,
  /** The notice, hidden, for a page that came without it (one the browser rendered itself). */
  fallback: () => Promise<string>,
): Promise<void> {
  let notice = doc.getElementById(CONSENT_NOTICE_ID);
  if (!notice) {
    const html = await fallback();
    // The app may have been given a prerendered notice meanwhile: never two.
    if (!doc.getElementById(CONSENT_NOTICE_ID)) doc.body.insertAdjacentHTML('afterbegin', html);
    notice = doc.getElementById(CONSENT_NOTICE_ID);
  }
  if (!notice) return;
  const region = notice;
  let opener: HTMLElement | undefined;

  region.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-consent]') : null;
    if (!button) return;
    // Answered here: the form's post is for a page whose script has not run.
    event.preventDefault();
    const answer = button.getAttribute('data-consent') === 'accept' ? 'granted' : 'denied';
    onChoice({ analytics: answer, ads: answer });
    region.hidden = true;
    const status = doc.getElementById(CONSENT_STATUS_ID);
    if (status) {
      status.textContent =
        (answer === 'granted' ? status.dataset.accepted : status.dataset.rejected) ?? '';
    }
    opener?.focus();
    opener = undefined;
  });

  doc.addEventListener('click', (event) => {
    const open =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>(`[${CONSENT_OPEN_ATTRIBUTE}]`)
        : null;
    if (!open) return;
    opener = open;
    doc.documentElement.classList.remove(CONSENT_CHOSEN_CLASS);
    region.hidden = false;
    const status = doc.getElementById(CONSENT_STATUS_ID);
    if (status) status.textContent = '';
    doc.getElementById(`${CONSENT_NOTICE_ID}-title`)?.focus();
  });
}
