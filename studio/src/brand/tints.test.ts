import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../src/config/contrast.ts';
import { backgroundTints, hexToHsl, hslToHex, matchesBrand } from './tints.ts';

const text = '#2F3437';

describe('hexToHsl and hslToHex', () => {
  it('read and write the same colors', () => {
    for (const hex of [
      '#4B3F8F',
      '#1F6F78',
      '#B5DA9C',
      '#000000',
      '#FFFFFF',
      '#808080',
      '#C0392B',
    ]) {
      expect(hslToHex(hexToHsl(hex))).toBe(hex);
    }
  });

  it('gives the hue of pure colors', () => {
    expect(hexToHsl('#FF0000').h).toBe(0);
    expect(hexToHsl('#00FF00').h).toBe(120);
    expect(hexToHsl('#0000FF').h).toBe(240);
    expect(hexToHsl('#808080').s).toBe(0);
  });
});

describe('backgroundTints', () => {
  it('offers light tints of the brand hue, lightest first, each readable with the text', () => {
    const brand = '#1F6F78'; // a teal
    const tints = backgroundTints(brand, text);
    expect(tints.length).toBe(3);
    const hue = hexToHsl(brand).h;
    let last = 1;
    for (const tint of tints) {
      const hsl = hexToHsl(tint.hex);
      expect(Math.abs(hsl.h - hue)).toBeLessThan(8);
      expect(hsl.l).toBeGreaterThan(0.9);
      expect(hsl.l).toBeLessThan(last);
      last = hsl.l;
      expect(tint.contrast).toBeCloseTo(contrastRatio(text, tint.hex), 5);
      expect(tint.contrast).toBeGreaterThanOrEqual(4.5);
      expect(matchesBrand(tint.hex, brand)).toBe(true);
    }
  });

  it('gives a tint close to the demo lavender for the demo purple', () => {
    const [, middle] = backgroundTints('#4B3F8F', text);
    // The demo's designer picked #EEEBF8 at about 95% lightness.
    const picked = hexToHsl('#EEEBF8');
    const offered = hexToHsl(middle?.hex ?? '#000000');
    expect(Math.abs(offered.h - picked.h)).toBeLessThan(6);
    expect(Math.abs(offered.l - picked.l)).toBeLessThan(0.01);
  });

  it('keeps a grey brand grey', () => {
    for (const tint of backgroundTints('#555555', text)) expect(hexToHsl(tint.hex).s).toBe(0);
  });

  it('leaves out a tint the text color cannot be read on', () => {
    // A mid-grey text reads at 4.5:1 only on the lightest backgrounds.
    const midGrey = '#6E6E6E';
    const tints = backgroundTints('#1F6F78', midGrey);
    expect(tints.length).toBeGreaterThan(0);
    expect(tints.length).toBeLessThan(3);
    for (const tint of tints) expect(contrastRatio(midGrey, tint.hex)).toBeGreaterThanOrEqual(4.5);
    expect(backgroundTints('#1F6F78', '#BBBBBB')).toEqual([]);
  });

  it('offers nothing for a color that is not written as #RRGGBB', () => {
    expect(backgroundTints('#12', text)).toEqual([]);
    expect(backgroundTints('teal', text)).toEqual([]);
  });
});

describe('matchesBrand', () => {
  it('tells the demo lavender from a background that goes with a green brand', () => {
    expect(matchesBrand('#EEEBF8', '#4B3F8F')).toBe(true);
    expect(matchesBrand('#EEEBF8', '#2E6B30')).toBe(false);
    expect(matchesBrand('#EBF5EB', '#2E6B30')).toBe(true);
  });

  it('takes white and light grey with any brand, and refuses a dark background', () => {
    expect(matchesBrand('#FFFFFF', '#2E6B30')).toBe(true);
    expect(matchesBrand('#F4F4F4', '#2E6B30')).toBe(true);
    expect(matchesBrand('#2E6B30', '#2E6B30')).toBe(false);
  });
});
