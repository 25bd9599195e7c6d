import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../studio/src/studio.css';
import type { Picture } from '../../../studio/src/api/studioApi.ts';
import type { NamedEdit } from '../../../studio/src/editor/draftActions.ts';
import { SettingsPanel } from '../../../studio/src/editor/SettingsPanel.tsx';
import type { StudioFormContext } from '../../../studio/src/forms/formContext.ts';
import { pictureWeightWarning } from '../../../studio/src/images/pictureRules.ts';
import type { Uploaded } from '../../../studio/src/images/uploadPicture.ts';
import type { Json } from '../../../studio/src/schema/json.ts';
import { isPartnerDraft } from '../../../studio/src/schema/partnerDraft.ts';
import type { PartnerDraft } from '../../../studio/src/schema/partnerTypes.ts';
import demo from '../../../partners/demo.json';
import { cleanup, mount } from '../support/render.tsx';

/*
 * The brand area of Partner settings as the editor draws it: the brand color's offer of matching
 * tints, and a picture field's upload in one step. Edits go out through `onChange` (the editor's
 * update) and are kept here as the editor keeps its draft.
 */
afterEach(cleanup);

function acmeFromDemo(): PartnerDraft {
  const parsed = { ...(JSON.parse(JSON.stringify(demo)) as Record<string, Json>), id: 'acme' };
  if (!isPartnerDraft(parsed)) throw new Error('partners/demo.json is not a whole partner file');
  return parsed;
}

function Settings({
  edits,
  upload,
}: {
  edits: { next: PartnerDraft; edit: NamedEdit }[];
  upload: (file: File) => Promise<Uploaded>;
}) {
  const [partner, setPartner] = useState(acmeFromDemo);
  const context: StudioFormContext = {
    images: [],
    partnerId: 'acme',
    uploadPicture: (file) => upload(file),
    textColor: partner.theme.textColor,
  };
  return (
    <SettingsPanel
      partner={partner}
      problems={[]}
      context={context}
      onChange={(next, edit) => {
        edits.push({ next, edit });
        setPartner(next);
      }}
    />
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the brand area', () => {
  it('offers light tints of a new brand color for the backgrounds, and takes one in one edit', async () => {
    const edits: { next: PartnerDraft; edit: NamedEdit }[] = [];
    mount(<Settings edits={edits} upload={() => Promise.reject(new Error('no upload'))} />);
    // The demo's purple with its lavender: nothing to offer.
    expect(document.querySelector('.studio-tint-offer')).toBeNull();

    const brand = page.getByRole('textbox', { name: /^Brand color/ });
    await userEvent.fill(brand, '#2E6B30');
    const offer = page.getByRole('group', { name: /do not go with this brand color/ });
    await expect.element(offer).toBeVisible();
    await expect.element(offer).toHaveTextContent('#EEEBF8');
    const tints = offer.getByRole('button');
    expect(tints.elements().length).toBe(3);
    for (const button of tints.elements())
      expect(button.textContent).toMatch(/text reads at \d+\.\d:1/);

    const before = edits.length;
    await userEvent.click(offer.getByRole('button', { name: /Use #EDF7ED/ }));
    expect(edits.length).toBe(before + 1);
    const taken = edits.at(-1);
    expect(taken?.edit).toEqual({
      kind: 'change',
      label: 'use the tint #EDF7ED for the backgrounds',
    });
    expect(taken?.next.theme).toMatchObject({
      brandColor: '#2E6B30',
      tintColor: '#EDF7ED',
      sectionBackground: '#EDF7ED',
      journeyBackground: '#EDF7ED',
    });
    // The offer goes, the fields show the tint, and the status says what happened.
    await expect.element(offer).not.toBeInTheDocument();
    await expect.element(page.getByRole('textbox', { name: /^Tint color/ })).toHaveValue('#EDF7ED');
    await expect
      .element(page.getByRole('status').filter({ hasText: 'The backgrounds are now #EDF7ED' }))
      .toBeVisible();
    expect(document.activeElement?.id).toBe('settings_theme_brandColor');
  });

  it('uploads a picture for the logo in one step, sets the field to the copy and warns of its weight', async () => {
    const edits: { next: PartnerDraft; edit: NamedEdit }[] = [];
    const sent: string[] = [];
    const copy = { path: '/partners/acme/logo.opt.png', bytes: 1.4 * 1024 * 1024 };
    const picture: Picture = {
      original: { path: '/partners/acme/logo.png', bytes: 5.2 * 1024 * 1024 },
      optimised: copy,
      staged: true,
    };
    const upload = (file: File) => {
      sent.push(file.name);
      return Promise.resolve({ picture, path: copy.path, warning: pictureWeightWarning(copy) });
    };
    mount(<Settings edits={edits} upload={upload} />);

    const button = page.getByLabelText('Upload a new logo picture');
    await expect.element(button).toBeInTheDocument();
    // The file chooser is a labelled button, not the browser's bare "Choose File".
    const label = document.querySelector('label.studio-file-button');
    expect(label?.textContent).toBe('Upload a new logo picture');
    expect(getComputedStyle(label as Element).borderTopWidth).toBe('2px');

    await userEvent.upload(
      button,
      new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' }),
    );
    await expect
      .element(page.getByRole('textbox', { name: /^Logo picture/ }))
      .toHaveValue('/partners/acme/logo.opt.png');
    expect(sent).toEqual(['logo.png']);
    expect(edits.at(-1)?.next.branding.logoSrc).toBe('/partners/acme/logo.opt.png');
    await expect
      .element(
        page.getByText(/logo\.png is now the logo picture: 1\.4 MB \(optimized from 5\.2 MB\)/),
      )
      .toBeVisible();
    await expect
      .element(page.getByText(/^This picture is 1\.4 MB even after optimizing/))
      .toBeVisible();
    // No longer the demo's: it leaves the list of shared pictures.
    const shared = document.querySelectorAll('.studio-shared-pictures [data-pointer]');
    expect([...shared].map((item) => item.getAttribute('data-pointer'))).not.toContain(
      '/branding/logoSrc',
    );
    await settle();
  });
});

describe('Partner settings: one style for labels (issue 36, item 10)', () => {
  it("says '(required)' where something must be filled in, not by a list that may stay empty, and draws a list's title as a field's label", async () => {
    mount(<Settings edits={[]} upload={() => Promise.reject(new Error('no upload'))} />);
    await expect.element(page.getByRole('textbox', { name: /^Brand color/ })).toBeVisible();
    const name = document.querySelector('label[for="settings_name"]');
    expect(name?.textContent).toBe('Name (required)');
    const titles = [...document.querySelectorAll('legend.studio-list-title')];
    const text = (legend: Element) => legend.textContent?.trim();
    // Hosts: "Leave the list empty when…"; the form's fields: at least one.
    const hosts = titles.find((legend) => text(legend)?.startsWith('Hosts'));
    expect(hosts && text(hosts)).toBe('Hosts');
    expect(titles.filter((legend) => text(legend)?.endsWith('(required)')).length).toBeGreaterThan(
      0,
    );
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return [style.fontSize, style.fontWeight];
    };
    expect(look(hosts as Element)).toEqual(look(name as Element));
  });
});
