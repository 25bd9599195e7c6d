import { brotliCompressSync, constants } from 'node:zlib';
import { FIRST_FLIGHT_BYTES } from '../../src/config/firstFlight.ts';

export { FIRST_FLIGHT_BYTES };

/** Brotli's quality 5: several times faster than 11, about 10% larger on these pages. */
const QUICK_QUALITY = 5;

export function brotliSize(text: string, quality: number = constants.BROTLI_MAX_QUALITY): number {
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  }).length;
}

export interface PartnerDataChoice {
  html: string;
  /** Whether the page names its partner's file instead of embedding the partner. */
  referenced: boolean;
  /** The page's size as sent, brotli (at most this, for a page that quickly fits). */
  bytes: number;
}

/**
 * A page embeds its partner (hydration needs no request of its own) unless that takes it past the
 * first round trip and naming the partner's file instead does not: then the browser fetches the
 * file as the app starts, after the page has painted (the boot script preloads it).
 */
export function choosePartnerData(
  render: (data: unknown) => string,
  embedded: unknown,
  reference: unknown,
): PartnerDataChoice {
  const withPartner = render(embedded);
  // A quick quality first (a few ms, not 50-100 ms: 416 pages at 105 partners): its output is
  // practically never smaller than the best quality's, so a page it fits fits.
  const quick = brotliSize(withPartner, QUICK_QUALITY);
  if (quick <= FIRST_FLIGHT_BYTES) return { html: withPartner, referenced: false, bytes: quick };
  const bytes = brotliSize(withPartner);
  if (bytes <= FIRST_FLIGHT_BYTES) return { html: withPartner, referenced: false, bytes };
  const withReference = render(reference);
  const referencedBytes = brotliSize(withReference);
  return referencedBytes < bytes
    ? { html: withReference, referenced: true, bytes: referencedBytes }
    : { html: withPartner, referenced: false, bytes };
}
