import type { JsonObject } from '../../../studio/src/schema/schema.ts';

/** A partner with a short landing page, for the block edit tests. */
export function blocksInOrder(): JsonObject {
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
  };
}
