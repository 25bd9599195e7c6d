import { describe, expect, it } from 'vitest';
import demo from '../../../partners/demo.json';
import showcase from '../../../partners/showcase.json';
import { backgroundsOf, sharedPictures, unmatchedBackgrounds, withBackgrounds } from './brand.ts';
import { valueAt } from '../diff/pointers.ts';
import type { Json } from '../schema/json.ts';
import { isPartnerDraft } from '../schema/partnerDraft.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

function draftOf(file: unknown, id: string): PartnerDraft {
  const parsed = { ...(JSON.parse(JSON.stringify(file)) as Record<string, Json>), id };
  if (!isPartnerDraft(parsed)) throw new Error('not a partner file');
  return parsed;
}

describe('the backgrounds that follow the brand color', () => {
  it('finds the demo lavender out of place behind a green brand, and sets every background in one edit', () => {
    const acme = draftOf(demo, 'acme-homes');
    expect(unmatchedBackgrounds(acme)).toEqual([]);
    const green = { ...acme, theme: { ...acme.theme, brandColor: '#2E6B30' } };
    expect(unmatchedBackgrounds(green).map((bg) => bg.field)).toEqual([
      'tintColor',
      'sectionBackground',
      'journeyBackground',
    ]);
    const tinted = withBackgrounds(green, '#EDF7ED');
    expect(tinted.theme).toEqual({
      ...green.theme,
      tintColor: '#EDF7ED',
      sectionBackground: '#EDF7ED',
      journeyBackground: '#EDF7ED',
    });
    expect(unmatchedBackgrounds(tinted)).toEqual([]);
    // Nothing else changes, and the partner it came from is untouched.
    expect({ ...tinted, theme: green.theme }).toEqual(green);
    expect(green.theme.tintColor).toBe('#EEEBF8');
  });

  it('leaves the claim-offer pages white when the partner has no background for them', () => {
    const acme = draftOf(demo, 'acme-homes');
    const white = { ...acme, theme: { ...acme.theme, journeyBackground: undefined } };
    expect(backgroundsOf(white).map((bg) => bg.field)).toEqual(['tintColor', 'sectionBackground']);
    expect(withBackgrounds(white, '#EDF7ED').theme.journeyBackground).toBeUndefined();
  });
});

describe('sharedPictures', () => {
  it('lists every picture a partner made from the demo still takes from the demo, by its field', () => {
    const acme = draftOf(demo, 'acme-homes');
    const shared = sharedPictures(acme, 'acme-homes');
    expect(shared.length).toBeGreaterThanOrEqual(5);
    for (const picture of shared) {
      expect(picture.owner).toBe('demo');
      expect(valueAt(acme, picture.pointer)).toBe(picture.path);
      expect(picture.place).not.toMatch(/[a-z][A-Z]|Src\b|_/);
    }
    expect(shared.find((picture) => picture.pointer === '/branding/logoSrc')).toMatchObject({
      path: '/partners/demo/logo.2x.webp',
      place: expect.stringMatching(/logo/i),
    });
    expect(shared.map((picture) => picture.pointer)).toContain(
      '/pages/landing/sections/0/props/desktopBg',
    );
    // The demo's own pictures are its own.
    expect(sharedPictures(draftOf(demo, 'demo'), 'demo')).toEqual([]);
  });

  it('does not list a picture once it is replaced by one in the partner folder', () => {
    const acme = draftOf(demo, 'acme-homes');
    const replaced = {
      ...acme,
      branding: { ...acme.branding, logoSrc: '/partners/acme-homes/logo.opt.png' },
    };
    const pointers = sharedPictures(replaced, 'acme-homes').map((picture) => picture.pointer);
    expect(pointers).not.toContain('/branding/logoSrc');
    expect(pointers.length).toBe(sharedPictures(acme, 'acme-homes').length - 1);
  });

  it('names pictures inside pages by page and block', () => {
    const copy = draftOf(showcase, 'my-copy');
    const places = sharedPictures(copy, 'my-copy').map((picture) => picture.place);
    expect(places.some((place) => /^Home page, /.test(place))).toBe(true);
  });
});
