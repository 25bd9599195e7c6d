import { useEffect, useMemo, useRef } from 'react';
import type { Problem } from '../api/studioApi.ts';
import { backgroundsOf, withBackgrounds } from '../brand/brand.ts';
import { SharedPictures } from '../brand/SharedPictures.tsx';
import { StudioForm, type StudioFormContext } from '../forms/StudioForm.tsx';
import { settingsPrefix } from '../places/places.ts';
import { TranslationFields } from '../translations/TranslationFields.tsx';
import {
  errorTree,
  pointerParts,
  problemPath,
  settingsSchema,
  uiSchemaFor,
  type Json,
} from '../schema/schema.ts';
import { isJsonObject } from '../schema/json.ts';
import { isPartnerDraft } from '../schema/partnerDraft.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import type { OnEdit } from './draftActions.ts';

const settingsUi = {
  ...uiSchemaFor(settingsSchema),
  // The id is the file name and the page address: fixed once the partner is created.
  id: { ...uiSchemaFor(settingsSchema).id, 'ui:readonly': true },
  // The texts in other languages are edited beside their English ones (TranslationFields), not
  // as one raw group here; the form keeps them as they are.
  translations: { 'ui:widget': 'hidden' },
  // A list of languages, each one a tick: the select takes one value and showed this list empty.
  languages: {
    ...uiSchemaFor(settingsSchema).languages,
    'ui:widget': 'checkboxes',
    items: { 'ui:enumNames': languageNames() },
  },
};

/** The languages' names as the schema gives them ("English", "Spanish"), in its order. */
function languageNames(): string[] {
  const language = (
    settingsSchema.$defs as Record<string, { 'x-enumLabels'?: unknown }> | undefined
  )?.language?.['x-enumLabels'];
  return Array.isArray(language) ? language.map(String) : [];
}

const settingsOf = (partner: PartnerDraft): Json =>
  Object.fromEntries(
    Object.entries(partner).filter(([key]) => !['$schema', 'schemaVersion', 'pages'].includes(key)),
  );

/**
 * The partner with the settings form's data. The file keeps its order: format fields first, the
 * pages last. The form always gives its groups of settings, so the result is a partner; should it
 * not be, the edit is not taken.
 */
function withSettings(partner: PartnerDraft, settings: Json): PartnerDraft {
  if (!isJsonObject(settings)) return partner;
  const next = {
    $schema: partner.$schema ?? '../schemas/partner.schema.json',
    schemaVersion: partner.schemaVersion ?? 2,
    ...settings,
    pages: partner.pages,
  };
  return isPartnerDraft(next) ? next : partner;
}

/** The partner-wide settings form: name, logo, colors, the signup form and the offer. */
export function SettingsPanel({
  partner,
  problems,
  context,
  onChange,
}: {
  partner: PartnerDraft;
  problems: Problem[];
  context: StudioFormContext;
  onChange: OnEdit;
}) {
  // Each sentence under its own field; a missing setting's under its empty field.
  const errors = useMemo(
    () =>
      errorTree(
        problems
          .filter((problem) => pointerParts(problem.pointer)[0] !== 'pages')
          .map((problem) => ({
            path: problemPath(pointerParts(problem.pointer), problem),
            message: problem.message,
          })),
      ),
    [problems],
  );
  // The brand color offers tints for the backgrounds; taking one is one edit (brand/TintOffer).
  // The form may hold an earlier context than this render's: the tint goes on the latest draft.
  const latest = useRef(partner);
  useEffect(() => {
    latest.current = partner;
  }, [partner]);
  const brandContext = useMemo(
    () => ({
      ...context,
      brand: {
        backgrounds: backgroundsOf(partner),
        applyTint: (tint: string) =>
          onChange(withBackgrounds(latest.current, tint), {
            kind: 'change' as const,
            label: `use the tint ${tint} for the backgrounds`,
          }),
      },
    }),
    [context, partner, onChange],
  );
  return (
    <>
      <h2>Partner settings</h2>
      <p className="studio-help">
        Name, logo, colors, the signup form and the offer. Every field says what it is for; problems
        show under the field they concern.
      </p>
      <SharedPictures partner={partner} context={context} onChange={onChange} />
      <StudioForm
        idPrefix={settingsPrefix}
        schema={settingsSchema}
        uiSchema={settingsUi}
        formData={settingsOf(partner)}
        errors={errors}
        context={brandContext}
        onChange={(settings) =>
          onChange(withSettings(partner, settings), {
            kind: 'change',
            label: 'change the partner settings',
            byField: {},
          })
        }
      />
      <TranslationFields englishAt="" formId={settingsPrefix} blockName="The partner's texts" />
    </>
  );
}
