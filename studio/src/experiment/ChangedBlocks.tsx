import { useMemo, useState } from 'react';
import { blockLabel, blockTypeName } from '../blocks/labels.ts';
import { blocksOf } from '../blocks/blocks.ts';
import { variantBlockProps } from './experiments.ts';
import { clearBlockOverride, setBlockOverride } from './variantBlocks.ts';
import { isJsonObject } from '../schema/json.ts';
import { blockSchema, fieldLabel, uiSchemaFor } from '../schema/schema.ts';
import { StudioForm } from '../forms/StudioForm.tsx';
import { TranslationFields } from '../translations/TranslationFields.tsx';
import { fieldId, pageFormId } from '../places/places.ts';
import { ProblemsAt, errorsUnder, type VariantForms } from './experimentParts.tsx';
import type { BlockDraft } from '../schema/partnerTypes.ts';

/** The blocks this variant shows differently, each with its form, and a way to change another. */
export function ChangedBlocks({
  partner,
  pageKey,
  index,
  variant,
  problems,
  context,
  onChange,
  onStatus,
}: VariantForms) {
  const sections = blocksOf(partner, pageKey);
  const overridden = Object.keys(variant.overrides ?? {});
  // Blocks opened for a change not made yet: nothing is written until a setting differs.
  const [opened, setOpened] = useState<string[]>([]);
  const shown = sections.filter(
    (section) => overridden.includes(section.id) || opened.includes(section.id),
  );
  const missing = overridden.filter((id) => !sections.some((section) => section.id === id));
  const others = sections.filter((section) => !shown.includes(section));
  const [pick, setPick] = useState('');
  const picked = others.find((section) => section.id === pick) ?? others[0];
  const prefix = fieldId(pageFormId(pageKey), ['experiment', 'variants', String(index)]);
  const pickId = `${prefix}__pick`;

  return (
    <div className="studio-stack">
      <h5 className="studio-subheading">Blocks this variant changes</h5>
      {shown.length === 0 && missing.length === 0 && (
        <p className="studio-help">
          None yet: choose a block below, then change what this variant shows in it. Everything you
          leave as it is stays as on the page.
        </p>
      )}
      {missing.map((id) => {
        const pointer = `/pages/${pageKey}/experiment/variants/${index}/overrides/${id}`;
        return (
          <div key={id} className="studio-override" data-override={id}>
            <h6 id={`${fieldId(prefix, ['overrides', id])}__legend`} tabIndex={-1}>
              {id} <span className="studio-muted">(no longer on the page)</span>
            </h6>
            <ProblemsAt problems={problems} pointer={pointer} />
            <button
              type="button"
              className="studio-button studio-button-small studio-button-danger"
              onClick={() =>
                onChange(clearBlockOverride(partner, pageKey, index, id), {
                  kind: 'remove',
                  label: `forget variant ${variant.id}'s changes to ${id}`,
                })
              }
            >
              Forget the changes to {id}
            </button>
          </div>
        );
      })}
      {shown.map((section) => (
        <OverrideBlock
          key={section.id}
          partner={partner}
          pageKey={pageKey}
          index={index}
          variant={variant}
          section={section}
          problems={problems}
          context={context}
          onChange={onChange}
          onReset={() => {
            setOpened((current) => current.filter((id) => id !== section.id));
            onChange(clearBlockOverride(partner, pageKey, index, section.id), {
              kind: 'restore',
              label: `show ${blockLabel(section)} in variant ${variant.id} as the page does`,
            });
            onStatus(`The variant ${variant.id} shows ${blockLabel(section)} as the page does.`);
          }}
        />
      ))}
      {picked && (
        <div className="studio-row studio-pick-block">
          <div className="studio-field">
            <label htmlFor={pickId}>Change another block in this variant</label>
            <select id={pickId} value={picked.id} onChange={(event) => setPick(event.target.value)}>
              {others.map((section) => (
                <option key={section.id} value={section.id}>
                  {blockLabel(section)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="studio-button"
            onClick={() => {
              setOpened((current) => [...current, picked.id]);
              onStatus(
                `${blockLabel(picked)} opened for the variant ${variant.id}: change what it shows.`,
              );
              // Its first field, once the form is on screen.
              requestAnimationFrame(() =>
                document
                  .querySelector<HTMLElement>(
                    `[data-override="${picked.id}"] :is(input, textarea, select, button[role="combobox"])`,
                  )
                  ?.focus(),
              );
            }}
          >
            Change this block
          </button>
        </div>
      )}
    </div>
  );
}

export function OverrideBlock({
  partner,
  pageKey,
  index,
  variant,
  section,
  problems,
  context,
  onChange,
  onReset,
}: Omit<VariantForms, 'onStatus'> & { section: BlockDraft; onReset: () => void }) {
  const schema = useMemo(() => blockSchema(section.type), [section.type]);
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  const pointer = `/pages/${pageKey}/experiment/variants/${index}/overrides/${section.id}`;
  const prefix = fieldId(pageFormId(pageKey), [
    'experiment',
    'variants',
    String(index),
    'overrides',
    section.id,
  ]);
  const changed = Object.keys(variant.overrides?.[section.id] ?? {});
  return (
    <div className="studio-override" data-override={section.id}>
      <div className="studio-block-bar">
        <h6 id={`${prefix}__legend`} tabIndex={-1} className="studio-block-title">
          {blockTypeName(section.type)} <span className="studio-muted">({section.id})</span>
          <span className="studio-override-changed">
            {changed.length > 0
              ? `Changed: ${changed.map((key) => fieldLabel(key)).join(', ')}`
              : 'Nothing changed yet'}
          </span>
        </h6>
        <button
          type="button"
          className="studio-button studio-button-small"
          onClick={onReset}
          aria-label={`Use the page’s version of ${blockLabel(section)} in ${variant.id}`}
        >
          Use the page’s version
        </button>
      </div>
      <ProblemsAt problems={problems} pointer={pointer} />
      <StudioForm
        idPrefix={prefix}
        schema={schema}
        uiSchema={uiSchema}
        formData={variantBlockProps(section, variant)}
        errors={errorsUnder(problems, pointer)}
        context={context}
        onChange={(data) => {
          if (isJsonObject(data))
            onChange(setBlockOverride(partner, pageKey, index, section.id, data), {
              kind: 'change',
              label: `change ${blockLabel(section)} in variant ${variant.id}`,
              byField: { of: `${blockLabel(section)} in variant ${variant.id}` },
            });
        }}
      />
      <TranslationFields
        englishAt={pointer}
        formId={prefix}
        blockName={`Variant ${variant.id}'s ${blockLabel(section)}`}
      />
    </div>
  );
}
