import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { shareAndSchedule, sharesNow } from '../src/experiment/sharesNow.ts';

/**
 * What "Share for sign-off" photographs: every page of the partner file, each version of its A/B
 * test (the page as written, then each variant), at a phone's and a desktop's width. Pure, so the
 * list and its words are tested without a browser.
 */
export const signOffWidths = [
  { width: 375, name: 'phone' },
  { width: 1280, name: 'desktop' },
] as const;

export interface SignOffShot {
  /** The preview frame's page: "landing", a campaign page's key, or "journey:ClaimOffer". */
  page: string;
  /** The page's version: "control" (the page as written) or a variant's id. */
  version: string;
  width: number;
  /** The picture's name in words, for the contact sheet: "Home page – variant “calm” – phone". */
  label: string;
  /** The page's heading on the contact sheet ("Home page"). */
  pageLabel: string;
  /** The PNG's file name in the sign-off folder. */
  file: string;
  /**
   * A tested page's version: its share of visitors and its schedule, as the studio's share bar
   * and review say them ("50% now, 33.3% while every version runs").
   */
  note?: string;
}

/** A page as the manager and the partner call it (the studio's own words for its pages). */
function pageName(key: string, page: PartnerConfig['pages'][string]): string {
  if (key === 'landing') return 'Home page';
  if (key === 'claimOffer') return 'Claim-offer page';
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  return `Campaign page “${name}”${page.slug ? ` (/${page.slug})` : ''}`;
}

/** The claim-offer page is shown inside the offer journey, as the visitor reaches it. */
const previewPage = (key: string) => (key === 'claimOffer' ? 'journey:ClaimOffer' : key);

const fileStem = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The pages in the order a visitor meets them: home, the campaign pages, then the claim offer. */
function orderedPages(partner: PartnerConfig): string[] {
  const keys = Object.keys(partner.pages);
  const middle = keys.filter((key) => key !== 'landing' && key !== 'claimOffer');
  return [
    ...(keys.includes('landing') ? ['landing'] : []),
    ...middle,
    ...(keys.includes('claimOffer') ? ['claimOffer'] : []),
  ];
}

export function signOffShots(partner: PartnerConfig, now: number = Date.now()): SignOffShot[] {
  return orderedPages(partner).flatMap((key, index) => {
    const page = partner.pages[key];
    if (!page) return [];
    const variants = page.experiment?.variants.map((variant) => variant.id) ?? [];
    const versions = ['control', ...variants];
    // Shares need only the weights and schedules (the blocks' types are the draft's, not these).
    const weights = page.experiment && {
      controlWeight: page.experiment.controlWeight,
      variants: page.experiment.variants.map(({ id, weight, schedule }) => ({
        id,
        weight,
        ...(schedule ? { schedule } : {}),
      })),
    };
    const shares = weights ? sharesNow(weights, now) : [];
    const noteOf = (at: number) => {
      const share = shares[at];
      if (!share) return {};
      const schedule = at === 0 ? undefined : page.experiment?.variants[at - 1]?.schedule;
      return { note: `Shown to ${shareAndSchedule(share, schedule, at === 0)}.` };
    };
    const name = pageName(key, page);
    return versions.flatMap((version, at) =>
      signOffWidths.map(({ width, name: widthName }) => {
        const versionWords =
          variants.length === 0
            ? ''
            : version === 'control'
              ? ' – as written (control)'
              : ` – variant “${version}”`;
        return {
          page: previewPage(key),
          version,
          width,
          pageLabel: name,
          label: `${name}${versionWords} – ${widthName} (${width} px)`,
          file: `${String(index + 1).padStart(2, '0')}-${fileStem(key)}-${fileStem(version)}-${widthName}.png`,
          ...noteOf(at),
        };
      }),
    );
  });
}
