import { useState, type FormEvent } from 'react';
import { DEFAULT_CONTROL_WEIGHT } from '../../../src/config/experiments.ts';
import type { Problem } from '../api/studioApi.ts';
import { blocksOf } from '../blocks/blocks.ts';
import {
  addVariant,
  experimentOf,
  freeVariantId,
  setControlWeight,
  type VariantStart,
} from './experiments.ts';
import { maxVariants, variantIdPattern } from '../schema/limits.ts';
import { controlWeightSchema } from '../schema/schema.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { StudioForm, type StudioFormContext } from '../forms/StudioForm.tsx';
import { fieldId, pageFormId, type OpenBlock } from '../places/places.ts';
import { focusLater, controlUi, ProblemsAt, errorsUnder } from './experimentParts.tsx';
import { Shares } from './Shares.tsx';
import { sharesNow } from './sharesNow.ts';
import { useNow } from './useNow.ts';
import { VariantCard } from './VariantCard.tsx';
import type { OnEdit } from '../editor/draftActions.ts';

export type { OpenBlock };
export { ExperimentLink } from './ExperimentLink.tsx';

/**
 * A page's A/B test: its variants, each changing some of the page's blocks, their weights (with
 * the share of visitors each version gets), notes and schedules. The forms' ids follow the file's
 * pointers (page-landing_experiment_variants_0_weight for /pages/landing/experiment/variants/0/weight),
 * so the checker's sentences land under their fields and "Show me" finds them.
 */
export interface Props {
  partner: PartnerDraft;
  pageKey: string;
  onChange: OnEdit;
  problems: Problem[];
  context: StudioFormContext;
  /** The open block of a variant's own list (kept by the editor, so "Show me" can open one). */
  open: OpenBlock | undefined;
  onOpen: (open: OpenBlock | undefined) => void;
}

export function ExperimentPanel(props: Props) {
  const { partner, pageKey, onChange, problems, context, open, onOpen } = props;
  const [status, onStatus] = useState('');
  const experiment = experimentOf(partner, pageKey);
  const variants = experiment?.variants ?? [];
  // Each version's share as the site gives it now (a scheduled variant's start, its end).
  const shares = sharesNow(experiment, useNow(experiment));
  const at = `/pages/${pageKey}/experiment`;
  const base = fieldId(pageFormId(pageKey), ['experiment']);
  const [newId, setNewId] = useState('');
  const [start, setStart] = useState<VariantStart>('overrides');
  const [error, setError] = useState<string>();
  const cookieOff = partner.experimentCookie === false;
  const suggestion = freeVariantId(experiment);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const id = newId.trim() || suggestion;
    if (!variantIdPattern.test(id)) {
      setError(
        `"${id}" cannot name a variant: use lower-case letters, digits and single dashes, starting with a letter, like "short-hero".`,
      );
      return;
    }
    if (id === 'control' || variants.some((variant) => variant.id === id)) {
      setError(
        id === 'control'
          ? '"control" is the name of the page as written; give the variant another name.'
          : `This page already has a variant named "${id}".`,
      );
      return;
    }
    onChange(addVariant(partner, pageKey, id, start), { kind: 'add', label: `add variant ${id}` });
    setNewId('');
    setError(undefined);
    const count = blocksOf(partner, pageKey).length;
    onStatus(
      start === 'copy'
        ? `Added the variant ${id}, a copy of the page’s ${count} block${count === 1 ? '' : 's'}. Change, add, remove or reorder its blocks.`
        : `Added the variant ${id}. Choose a block it changes.`,
    );
    // The new variant's card, just above the form.
    focusLater(
      `${fieldId(pageFormId(pageKey), ['experiment', 'variants', String(variants.length)])}__legend`,
    );
  };

  return (
    <section className="studio-card studio-experiment" aria-labelledby={`${base}__legend`}>
      <h3 id={`${base}__legend`} tabIndex={-1}>
        A/B test of this page
      </h3>
      <p className="studio-help">
        Show a changed version of this page (a variant) to a share of its visitors, and compare how
        many of each sign up under <strong>Test results</strong>. Each visitor keeps the version
        they got on every visit.
      </p>
      {cookieOff && (
        <p className="studio-warning">
          Experiments are turned off for this partner (<strong>Experiment cookie</strong> is off in
          Partner settings): every visitor sees the page as written, and this test gathers no
          results.
        </p>
      )}
      <ProblemsAt problems={problems} pointer={at} />

      {experiment && (
        <>
          <Shares shares={shares} />
          <StudioForm
            idPrefix={base}
            schema={controlWeightSchema}
            uiSchema={controlUi}
            formData={{ controlWeight: experiment.controlWeight ?? DEFAULT_CONTROL_WEIGHT }}
            errors={errorsUnder(problems, at, /\/variants(\/|$)/)}
            context={context}
            onChange={(data) => {
              const weight = (data as { controlWeight?: number }).controlWeight;
              onChange(setControlWeight(partner, pageKey, weight ?? 0), {
                kind: 'change',
                label: 'change the share of the page as written',
              });
            }}
          />
          <ol className="studio-variants" aria-label="Variants of this page">
            {variants.map((variant, index) => (
              <VariantCard
                // By position: renaming a variant must not remount its form mid-word.
                key={index}
                partner={partner}
                pageKey={pageKey}
                index={index}
                variant={variant}
                share={shares[index + 1]}
                problems={problems.filter((problem) =>
                  `${problem.pointer}/`.startsWith(`${at}/variants/${index}/`),
                )}
                context={context}
                onChange={onChange}
                onStatus={onStatus}
                open={open}
                onOpen={onOpen}
                afterRemove={() =>
                  focusLater(
                    variants.length > 1
                      ? `${fieldId(pageFormId(pageKey), ['experiment', 'variants', String(Math.min(index, variants.length - 2))])}__legend`
                      : `${base}__legend`,
                  )
                }
              />
            ))}
          </ol>
        </>
      )}

      <form className="studio-add-variant" onSubmit={add} noValidate>
        <div className="studio-field">
          <label htmlFor={`new-variant-${pageKey}`}>
            {variants.length === 0 ? 'Name of the first variant' : 'Name of another variant'}
          </label>
          <p className="studio-help" id={`new-variant-${pageKey}-help`}>
            Lower-case letters, digits and dashes, like “short-hero”. It names the variant in the
            results. Left empty: {suggestion}.
          </p>
          <input
            id={`new-variant-${pageKey}`}
            value={newId}
            placeholder={suggestion}
            spellCheck={false}
            onChange={(event) => setNewId(event.target.value)}
            aria-describedby={[
              `new-variant-${pageKey}-help`,
              error && `new-variant-${pageKey}-error`,
            ]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={error ? true : undefined}
            disabled={variants.length >= maxVariants}
          />
          {error && (
            <p id={`new-variant-${pageKey}-error`} className="studio-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <fieldset className="studio-choice" disabled={variants.length >= maxVariants}>
          <legend>Start the variant from</legend>
          {(
            [
              {
                value: 'overrides',
                label: 'Changes to some of the page’s blocks',
                help: 'The variant shows the page, with new settings for the blocks you choose. Later edits of the page’s other blocks reach it too.',
              },
              {
                value: 'copy',
                label: 'A full copy of the page’s blocks',
                help: 'The variant gets its own list of blocks, as the page has them now: add, remove, reorder and change them. Later edits of the page do not reach it.',
              },
            ] as const
          ).map((choice) => {
            const choiceId = `new-variant-${pageKey}-start-${choice.value}`;
            return (
              <div key={choice.value} className="studio-choice-option">
                <input
                  type="radio"
                  id={choiceId}
                  name={`new-variant-start-${pageKey}`}
                  value={choice.value}
                  checked={start === choice.value}
                  onChange={() => setStart(choice.value)}
                  aria-describedby={`${choiceId}-help`}
                />
                <div>
                  <label htmlFor={choiceId}>{choice.label}</label>
                  <p className="studio-help" id={`${choiceId}-help`}>
                    {choice.help}
                  </p>
                </div>
              </div>
            );
          })}
        </fieldset>
        <button
          type="submit"
          className="studio-button"
          disabled={variants.length >= maxVariants}
          aria-describedby={variants.length >= maxVariants ? `max-variants-${pageKey}` : undefined}
        >
          Add a variant
        </button>
        {variants.length >= maxVariants && (
          <p className="studio-help" id={`max-variants-${pageKey}`}>
            A page can have at most {maxVariants} variants.
          </p>
        )}
      </form>
      <p className="studio-visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
