import type { PartnerDraft } from '../../studio/src/schema/partnerTypes.ts';

/**
 * A partner with a short landing page, for the block edit tests: only the parts the edits read
 * (no claim-offer page, signup form or offer), hence the assertion.
 */
export function blocksInOrder(): PartnerDraft {
  return {
    id: 'acme',
    branding: { logoSrc: '/partners/acme/logo.svg' },
    theme: { tintColor: '#EEEEEE' },
    pages: {
      landing: {
        sections: [
          { id: 'hero', type: 'hero', props: { title: 'Hi' } },
          { id: 'testimonials', type: 'testimonials', props: { items: [] } },
          { id: 'get-the-scan', type: 'getTheScan', props: { title: 'Get it', bullets: [] } },
          { id: 'footer', type: 'footer', props: {} },
        ],
      },
    },
  } as PartnerDraft;
}
