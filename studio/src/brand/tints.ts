import { contrastRatio, minimumTextContrast } from '../../../src/config/contrast.ts';

/**
 * Light backgrounds that go with a brand color, as a designer would pick them: the brand's own
 * hue, very light, a little saturated so the tint reads as the brand rather than as grey, and
 * readable with the page's text color (WCAG AA, the project's contrast code). Pure color math.
 */

/** Hue in degrees (0-360), saturation and lightness from 0 to 1. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

export interface Tint {
  /** "#EEF3FA" */
  hex: string;
  /** Contrast of the text color on this tint. */
  contrast: number;
}

const hexPattern = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && hexPattern.test(value);

export function hexToHsl(hex: string): Hsl {
  const match = hexPattern.exec(hex);
  if (!match) throw new Error(`not a #RRGGBB color: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}

export function hslToHex({ h, s, l }: Hsl): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor((((h % 360) + 360) % 360) / 60);
  const [r, g, b] = (
    [
      [c, x, 0],
      [x, c, 0],
      [0, c, x],
      [0, x, c],
      [x, 0, c],
      [c, 0, x],
    ] as const
  )[sector] ?? [0, 0, 0];
  const part = (value: number) =>
    Math.round(Math.min(1, Math.max(0, value + m)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`.toUpperCase();
}

/** Below this saturation a color reads as grey, and its hue means nothing. */
const neutral = 0.08;

/** How light the offered tints are: the lightest first (the demo's lavender is about 0.95). */
export const tintLightness = [0.97, 0.95, 0.92] as const;

/**
 * The saturation a tint keeps: a grey brand gives grey tints; any other brand a tint between 30%
 * and 65% saturated, so a dull brand still tints and a loud one does not glare (at this lightness
 * that is a few steps of each channel).
 */
const tintSaturation = (s: number) => (s < neutral ? s : Math.min(0.65, Math.max(0.3, s)));

/** Light tints of the brand color, each readable with the text color (at least 4.5:1). */
export function backgroundTints(brand: string, text: string): Tint[] {
  if (!isHexColor(brand) || !isHexColor(text)) return [];
  const { h, s } = hexToHsl(brand);
  const hexes = [...new Set(tintLightness.map((l) => hslToHex({ h, s: tintSaturation(s), l })))];
  return hexes
    .map((hex) => ({ hex, contrast: contrastRatio(text, hex) }))
    .filter((tint) => tint.contrast >= minimumTextContrast);
}

/** Degrees between two hues, the short way round. */
const hueDistance = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
};

/**
 * Whether a background already goes with the brand color: light, and of the brand's hue (within
 * 20 degrees), or grey behind a grey brand. A lavender behind a green brand does not.
 */
export function matchesBrand(background: string, brand: string): boolean {
  if (!isHexColor(background) || !isHexColor(brand)) return true;
  const bg = hexToHsl(background);
  const br = hexToHsl(brand);
  if (bg.l < 0.85) return false;
  // A white or nearly grey background goes with any brand.
  if (bg.s < neutral || (bg.l > 0.985 && bg.s < 0.5)) return true;
  if (br.s < neutral) return false;
  return hueDistance(bg.h, br.h) <= 20;
}
