import type { PartnerConfig } from '../../config/generated/partner.ts';
import { hasAnyTag, partnerTags, siteWideTags } from '../../config/tagRules.ts';
import { partnerDataPath, readEmbeddedPartner } from '../../partner/browserCatalog.ts';

type Shown = Pick<PartnerConfig, 'name' | 'measurement' | 'offer'>;

/** How long to wait for the app to show its partner (a page the browser renders itself). */
const PARTNER_WAIT_MS = 10_000;

/** The partner the app shows (src/app/PartnerLayout.tsx marks its root with the id). */
function shownPartnerId(doc: Document): Promise<string | undefined> {
  const read = () => doc.querySelector<HTMLElement>('[data-partner]')?.dataset.partner;
  const now = read();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const id = read();
      if (id) done(id);
    });
    const timer = setTimeout(() => done(undefined), PARTNER_WAIT_MS);
    const done = (id: string | undefined) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(id);
    };
    observer.observe(doc.body, { childList: true, subtree: true });
  });
}

/**
 * The measurement settings of the partner this page shows: from the partner the page embeds (or
 * names), else from its file (/partner-data/<id>.json, which the app has just fetched itself).
 */
async function shownPartner(doc: Document): Promise<Shown | undefined> {
  const id = await shownPartnerId(doc);
  if (!id) return undefined;
  const embedded = await readEmbeddedPartner(doc);
  if (embedded?.partner.id === id) return embedded.partner;
  const response = await fetch(partnerDataPath(id), { headers: { accept: 'application/json' } });
  return response.ok ? ((await response.json()) as PartnerConfig) : undefined;
}

/**
 * Run once the page is idle, never under automation (src/main.tsx): the partner's tags and its
 * consent notice, from a chunk of their own that only a partner with tags fetches.
 */
export async function measurePage(doc: Document = document): Promise<void> {
  const partner = await shownPartner(doc);
  if (!partner) return;
  const tags = partnerTags(partner.measurement, siteWideTags(import.meta.env));
  if (!hasAnyTag(tags)) return;
  const { startMeasurement } = await import('./start.ts');
  startMeasurement(
    {
      name: partner.name,
      askConsent: partner.measurement?.askConsent === true,
      // A purchase's worth when the dataLayer push does not carry it: the offer's amount.
      offer: {
        value: partner.offer.amountCents / 100,
        currency: partner.offer.currency.toUpperCase(),
      },
    },
    tags,
  );
}
