import { useState } from 'react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../studio/src/studio.css';
import type { NamedEdit } from '../../../studio/src/editor/draftActions.ts';
import { SettingsPanel } from '../../../studio/src/editor/SettingsPanel.tsx';
import type { Json } from '../../../studio/src/schema/json.ts';
import { isPartnerDraft } from '../../../studio/src/schema/partnerDraft.ts';
import type { PartnerDraft } from '../../../studio/src/schema/partnerTypes.ts';
import demo from '../../../partners/demo.json';
import { cleanup, mount } from '../support/render.tsx';

/*
 * The partner's languages in Partner settings: a list, one tick per language, named in words.
 * Drawn with the select (one value) it showed demo's English and Spanish as an empty field.
 */
afterEach(cleanup);

function demoDraft(): PartnerDraft {
  const parsed = JSON.parse(JSON.stringify(demo)) as Record<string, Json>;
  if (!isPartnerDraft(parsed)) throw new Error('partners/demo.json is not a whole partner file');
  return parsed;
}

function Settings({ edits }: { edits: { next: PartnerDraft; edit: NamedEdit }[] }) {
  const [partner, setPartner] = useState(demoDraft);
  return (
    <SettingsPanel
      partner={partner}
      problems={[]}
      context={{ images: [], partnerId: 'demo' }}
      onChange={(next, edit) => {
        edits.push({ next, edit });
        setPartner(next);
      }}
    />
  );
}

describe('the languages setting', () => {
  it("shows each language the partner offers ticked, by name, and writes the file's list", async () => {
    const edits: { next: PartnerDraft; edit: NamedEdit }[] = [];
    const root = mount(<Settings edits={edits} />);
    const english = page.getByRole('checkbox', { name: 'English', exact: true });
    const spanish = page.getByRole('checkbox', { name: 'Spanish', exact: true });
    await expect.element(english).toBeChecked();
    await expect.element(spanish).toBeChecked();

    await userEvent.click(spanish);
    await expect.element(spanish).not.toBeChecked();
    expect(edits.at(-1)?.next.languages).toEqual(['en']);
    const results = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag22aa'] });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
