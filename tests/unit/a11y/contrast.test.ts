import { claimOfferFor } from '../../../src/config/offer.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/node/loadConfig.ts';
import {
  contrastRatio,
  enhancedTextContrast,
  minimumTextContrast,
} from '../../../src/config/contrast.ts';

/*
 * WCAG 1.4.6 (AAA) on every partner theme, computed from the theme tokens: the partner file's
 * colours and the fixed tokens of src/styles/tokens.css.
 *
 * - Body text (the theme's text colour and the muted grey) reaches 7:1 on every background it is
 *   set on: white, the tint, the section and claim-offer backgrounds, the buttons and the badge.
 * - Text in the brand colour (subtitles, step labels, links, outlined buttons) reaches 7:1 wherever
 *   the brand colour itself reaches 7:1 on white, i.e. where the brand colours allow AAA; and it is
 *   never below 4.5:1 (AA) anywhere.
 */
const root = new URL('../../..', import.meta.url).pathname;
const { partners } = loadConfig({ root });
const tokensCss = readFileSync(new URL('../../../src/styles/tokens.css', import.meta.url), 'utf8');

function token(name: string): string {
  const match = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})\\b`).exec(tokensCss);
  if (!match?.[1]) throw new Error(`${name} is not a #RRGGBB colour in src/styles/tokens.css`);
  return match[1];
}

const white = token('--color-surface');
const muted = token('--color-text-muted');
const error = token('--color-error');

/**
 * The ctaBanner's band: `color-mix(in srgb, brand 50%, #000000)` (src/blocks/CtaBanner), which
 * halves each sRGB channel.
 */
function bannerBackground(brand: string): string {
  const halves = [1, 3, 5].map((at) =>
    Math.round(parseInt(brand.slice(at, at + 2), 16) / 2)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${halves.join('')}`;
}

interface Pair {
  what: string;
  foreground: string;
  background: string;
}

function bodyTextPairs(partner: (typeof partners)[number]): Pair[] {
  const { textColor, tintColor } = partner.theme;
  const backgrounds: [string, string | undefined][] = [
    ['white', white],
    ['tint', tintColor],
    ['section background', partner.theme.sectionBackground],
    ['claim-offer background', partner.theme.journeyBackground],
  ];
  const pairs: Pair[] = backgrounds.flatMap(([name, background]) =>
    background
      ? [
          { what: `text on ${name}`, foreground: textColor, background },
          { what: `muted text on ${name}`, foreground: muted, background },
        ]
      : [],
  );
  pairs.push(
    {
      what: 'button text on the call-to-action colour',
      foreground: textColor,
      background: partner.form.buttonColor,
    },
    { what: 'field error text on white', foreground: error, background: white },
  );
  pairs.push({
    what: 'white text on the call-to-action banner (the brand colour mixed half with black)',
    foreground: '#FFFFFF',
    background: bannerBackground(partner.theme.brandColor),
  });
  const badge = claimOfferFor(partner, 'HomeSafe Scan').badgeBgColor;
  if (badge) {
    pairs.push({ what: 'text on the offer badge', foreground: textColor, background: badge });
  }
  return pairs;
}

function brandTextPairs(partner: (typeof partners)[number]): Pair[] {
  const { brandColor, tintColor } = partner.theme;
  return [
    { what: 'brand text on white', foreground: brandColor, background: white },
    { what: 'brand text on the tint', foreground: brandColor, background: tintColor },
    { what: 'white numbers on the brand colour', foreground: '#FFFFFF', background: brandColor },
  ];
}

const describeRatios = (pairs: Pair[]) =>
  pairs.map((pair) => ({
    what: pair.what,
    ratio: Math.round(contrastRatio(pair.foreground, pair.background) * 100) / 100,
  }));

describe('the call-to-action banner', () => {
  it('keeps white text at 7:1 for any brand colour the partner check accepts (4.5:1 on white)', () => {
    // Every colour of a 18 x 18 x 18 grid that passes the brand rule.
    const steps = Array.from({ length: 18 }, (_, i) => (i * 15).toString(16).padStart(2, '0'));
    let worst = Number.POSITIVE_INFINITY;
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const brand = `#${r}${g}${b}`;
          if (contrastRatio(brand, white) < minimumTextContrast) continue;
          worst = Math.min(worst, contrastRatio('#FFFFFF', bannerBackground(brand)));
        }
    expect(worst).toBeGreaterThanOrEqual(enhancedTextContrast);
  });
});

describe.each(partners.map((partner) => [partner.id, partner] as const))(
  'text contrast of the %s theme',
  (_id, partner) => {
    it('gives body text at least 7:1 (WCAG 1.4.6, AAA) on every background', () => {
      const short = describeRatios(bodyTextPairs(partner)).filter(
        ({ ratio }) => ratio < enhancedTextContrast,
      );
      expect(short).toEqual([]);
    });

    it('gives brand-coloured text 7:1 where the brand colour allows it, and never below 4.5:1', () => {
      const brandAllowsAaa = contrastRatio(partner.theme.brandColor, white) >= enhancedTextContrast;
      const needed = brandAllowsAaa ? enhancedTextContrast : minimumTextContrast;
      const short = describeRatios(brandTextPairs(partner)).filter(({ ratio }) => ratio < needed);
      expect(short, `brand ${partner.theme.brandColor}, needs ${needed}:1`).toEqual([]);
    });
  },
);
