import { describe, expect, it } from 'vitest';
import { problemSentence } from '../places/problemWords.ts';
import type { PartnerDraft } from './partnerTypes.ts';
import { settingsSchema } from './schema.ts';
import { acmePartner, checkWith } from '../../../tests/support/partnerCheck.ts';

/*
 * Issue 35: the studio's settings form (made from the partner schema) edits the partner's tags
 * and consent, with their titles, and a wrong id is named with the schema's hint.
 */
describe('measurement settings in the Partner Studio', () => {
  it('are a group of the settings form, each field with its words', () => {
    const group = settingsSchema.properties?.measurement;
    expect(group).toMatchObject({ title: 'Measurement and advertising' });
    const fields = typeof group === 'object' ? group.properties : undefined;
    expect(
      Object.fromEntries(
        Object.entries(fields ?? {}).map(([key, field]) => [
          key,
          typeof field === 'object' ? field.title : undefined,
        ]),
      ),
    ).toEqual({
      googleTagId: 'Google Analytics measurement ID',
      tagManagerId: 'Google Tag Manager container ID',
      metaPixelId: 'Meta pixel ID',
      askConsent: 'Ask visitors before tags load',
      orderEndpoint: "Address of the partner's own system",
    });
  });

  it('names a wrong id with its hint, in the check and under the field', () => {
    const partner = {
      ...acmePartner(),
      measurement: { googleTagId: 'UA-1234-1', tagManagerId: 'GTM-OK12345', metaPixelId: 'fb123' },
    };
    const lines = checkWith(partner);
    expect(lines.join('\n')).toContain('"G-" then letters and digits, like "G-AB12CD34EF"');
    expect(lines.join('\n')).toContain('10 to 20 digits, like "123456789012345"');
    expect(lines.filter((line) => line.includes('/measurement/'))).toHaveLength(2);
    const problem = {
      file: 'partners/acme.json',
      pointer: '/measurement/googleTagId',
      message: 'should be "G-" then letters and digits, like "G-AB12CD34EF"',
    };
    expect(
      problemSentence(problem, JSON.parse(JSON.stringify(partner)) as PartnerDraft, 'form'),
    ).toMatch(/Google Analytics measurement ID.*"G-" then letters and digits/i);
  });
});
