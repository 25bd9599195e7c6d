import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Problem } from '../api/studioApi.ts';
import { blockLabel, BlockList } from '../blocks/BlockList.tsx';
import { sectionsOf, type Section } from '../blocks/blocks.ts';
import {
  addVariant,
  clearBlockOverride,
  dropOverrides,
  experimentOf,
  formatShare,
  freeVariantId,
  lostInCopy,
  maxVariants,
  removeVariant,
  setBlockOverride,
  setControlWeight,
  setVariantSections,
  updateVariantSettings,
  variantAsCopy,
  variantBlockProps,
  versionShares,
  type StudioVariant,
  type VariantStart,
  type VersionShare,
} from './experiments.ts';
import {
  blockSchema,
  controlWeightSchema,
  errorTree,
  humanize,
  pointerParts,
  uiSchemaFor,
  variantSettingsSchema,
  type Json,
  type JsonObject,
} from '../schema/schema.ts';
import { StudioForm, type StudioFormContext } from '../forms/StudioForm.tsx';
import { versionColor } from './versionColors.ts';
import {
  fieldId,
  pageFormId,
  variantBlockFormId,
  variantSectionsAt,
  type OpenBlock,
} from '../places/places.ts';

export type { OpenBlock };

/**
 * A page's A/B test: its variants, each changing some of the page's blocks, their weights (with
 * the share of visitors each version gets), notes and schedules. The forms' ids follow the file's
 * pointers (page-landing_experiment_variants_0_weight for /pages/landing/experiment/variants/0/weight),
 * so the checker's sentences land under their fields and "Show me" finds them.
 */
interface Props {
  partner: JsonObject;
  pageKey: string;
  onChange: (partner: JsonObject) => void;
  problems: Problem[];
  context: StudioFormContext;
  /** The open block of a variant's own list (kept by the editor, so "Show me" can open one). */
  open: OpenBlock | undefined;
  onOpen: (open: OpenBlock | undefined) => void;
}

/**
 * Focus a heading once React has drawn the change that made it, scrolled to the top (below the
 * sticky header: its scroll-margin), so what follows it is on screen too.
 */
const focusLater = (id: string) =>
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'start' });
  });

const variantIdPattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const variantUi = uiSchemaFor(variantSettingsSchema);
const controlUi = uiSchemaFor(controlWeightSchema);

/** The checker's sentences about exactly this place, under its heading. */
function ProblemsAt({ problems, pointer }: { problems: Problem[]; pointer: string }) {
  return problems
    .filter((problem) => problem.pointer === pointer)
    .map((problem) => (
      <p key={problem.message} className="studio-error">
        {problem.message}
      </p>
    ));
}

/** The checker's problems under a pointer, as an error tree for the form of that place. */
function errorsUnder(problems: Problem[], pointer: string, exclude?: RegExp) {
  const depth = pointerParts(pointer).length;
  return errorTree(
    problems
      .filter((problem) => problem.pointer.startsWith(`${pointer}/`))
      .filter((problem) => !exclude?.test(problem.pointer))
      .map((problem) => ({
        path: pointerParts(problem.pointer).slice(depth),
        message: problem.message,
      })),
  );
}

/** The first version is the control; a variant misnamed "control" still shows as a variant. */
const versionName = (id: string, index: number) =>
  index === 0 ? 'Page as written (control)' : `${id}`;

export function ExperimentPanel(props: Props) {
  const { partner, pageKey, onChange, problems, context, open, onOpen } = props;
  const [status, onStatus] = useState('');
  const experiment = experimentOf(partner, pageKey);
  const variants = experiment?.variants ?? [];
  const shares = versionShares(experiment);
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
    onChange(addVariant(partner, pageKey, id, start));
    setNewId('');
    setError(undefined);
    const count = sectionsOf(partner, pageKey).length;
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
            formData={{ controlWeight: experiment.controlWeight ?? 50 }}
            errors={errorsUnder(problems, at, /\/variants(\/|$)/)}
            context={context}
            onChange={(data) => {
              const weight = (data as { controlWeight?: number }).controlWeight;
              onChange(setControlWeight(partner, pageKey, weight ?? 0));
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

/** Near the top of a long page's blocks: where its A/B test is, and what it holds. */
export function ExperimentLink({ partner, pageKey }: { partner: JsonObject; pageKey: string }) {
  const experiment = experimentOf(partner, pageKey);
  const count = experiment?.variants.length ?? 0;
  return (
    <p className="studio-help">
      <a href={`#${fieldId(pageFormId(pageKey), ['experiment'])}__legend`}>
        {count > 0
          ? `A/B test: ${count} variant${count === 1 ? '' : 's'} (${versionShares(experiment)
              .map((version) => `${version.id} ${formatShare(version.share)}`)
              .join(', ')})`
          : 'Test a changed version of this page (A/B test)'}
      </a>
      , below the blocks.
    </p>
  );
}

/** Who sees which version: a bar split by share, and the same in words. */
function Shares({ shares }: { shares: VersionShare[] }) {
  return (
    <div className="studio-shares">
      <h4 className="studio-shares-title">Share of visitors</h4>
      <div className="studio-share-bar" aria-hidden="true">
        {shares.map((version, index) => (
          <span
            key={index}
            className="studio-share-part"
            style={{ flexGrow: version.share, background: versionColor(index) }}
          />
        ))}
      </div>
      <ul className="studio-share-list" data-testid="version-shares">
        {shares.map((version, index) => (
          <li key={index}>
            <span
              className="studio-share-key"
              style={{ background: versionColor(index) }}
              aria-hidden="true"
            />
            <strong>{formatShare(version.share)}</strong> {versionName(version.id, index)}
            <span className="studio-muted"> (weight {version.weight})</span>
          </li>
        ))}
      </ul>
      <p className="studio-help">
        Weights are compared with each other: 50 and 50 split visitors evenly, 3 and 1 give three in
        four the first. A variant outside its schedule gets no visitors meanwhile; its share goes to
        the others.
      </p>
    </div>
  );
}

/**
 * A step that asks before a change that cannot be taken back from the studio: the question, what
 * it would change or drop, and the two answers. It takes focus when it opens (its question is read
 * first), Escape or Cancel closes it, and the caller puts focus back where the user was.
 */
function Confirm({
  id,
  question,
  children,
  confirmLabel,
  danger,
  onConfirm,
  onCancel,
}: {
  id: string;
  question: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });
  useEffect(() => {
    title.current?.focus();
    // Escape answers Cancel from anywhere in the question.
    const element = box.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      cancel.current();
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div
      ref={box}
      className="studio-confirm"
      role="group"
      id={id}
      aria-labelledby={`${id}-question`}
    >
      <h5 id={`${id}-question`} ref={title} tabIndex={-1} className="studio-confirm-question">
        {question}
      </h5>
      {children}
      <div className="studio-row">
        <button
          type="button"
          className={`studio-button ${danger ? 'studio-button-danger' : 'studio-button-primary'}`}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button type="button" className="studio-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** Whether removing the variant drops work: blocks of its own, or changed settings. */
const hasContent = (variant: StudioVariant) =>
  variant.sections !== undefined || Object.keys(variant.overrides ?? {}).length > 0;

/** What each part of a variant's card is given: the draft, which variant, and where changes go. */
interface VariantPart {
  partner: JsonObject;
  pageKey: string;
  index: number;
  variant: StudioVariant;
  onChange: (partner: JsonObject) => void;
  onStatus: (text: string) => void;
}

/** A part with forms: also the checker's problems and the forms' context. */
interface VariantForms extends VariantPart {
  problems: Problem[];
  context: StudioFormContext;
}

function VariantCard({
  partner,
  pageKey,
  index,
  variant,
  share,
  problems,
  context,
  onChange,
  onStatus,
  open,
  onOpen,
  afterRemove,
}: VariantForms & {
  share: VersionShare | undefined;
  open: OpenBlock | undefined;
  onOpen: (open: OpenBlock | undefined) => void;
  afterRemove: () => void;
}) {
  const at = `/pages/${pageKey}/experiment/variants/${index}`;
  const prefix = fieldId(pageFormId(pageKey), ['experiment', 'variants', String(index)]);
  // What each of the variant's parts below is given.
  const theVariant = { partner, pageKey, index, variant, onChange, onStatus };
  const [asking, setAsking] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const settings = {
    id: variant.id,
    weight: variant.weight,
    note: variant.note,
    schedule: variant.schedule,
  } as unknown as Json;
  const settingsErrors = errorsUnder(problems, at, /\/(overrides|sections)(\/|$)/);
  const remove = () => {
    onChange(removeVariant(partner, pageKey, index));
    onStatus(`Removed the variant ${variant.id}.`);
    afterRemove();
  };
  const changedCount = variant.sections
    ? variant.sections.length
    : Object.keys(variant.overrides ?? {}).length;
  return (
    <li className="studio-variant" data-variant={variant.id}>
      <div className="studio-block-bar">
        <h4 id={`${prefix}__legend`} tabIndex={-1} className="studio-block-title">
          Variant {index + 1}: {variant.id}{' '}
          {share && <span className="studio-muted">· {formatShare(share.share)} of visitors</span>}
          <span className="studio-override-changed">
            {variant.sections
              ? 'Its own copy of the page’s blocks'
              : 'Changes some of the page’s blocks'}
          </span>
        </h4>
        <button
          type="button"
          ref={removeButton}
          className="studio-button studio-button-small studio-button-danger"
          aria-label={`Remove variant ${variant.id}`}
          aria-expanded={hasContent(variant) ? asking : undefined}
          onClick={() => (hasContent(variant) ? setAsking(true) : remove())}
        >
          Remove variant
        </button>
      </div>
      {asking && (
        <Confirm
          id={`${prefix}__remove`}
          question={`Remove the variant ${variant.id}?`}
          confirmLabel={`Remove ${variant.id}`}
          danger
          onConfirm={() => {
            setAsking(false);
            remove();
          }}
          onCancel={() => {
            setAsking(false);
            removeButton.current?.focus();
          }}
        >
          <p className="studio-help">
            {variant.sections
              ? `Its own list of ${changedCount} block${changedCount === 1 ? '' : 's'} goes with it.`
              : `Its changes to ${changedCount} block${changedCount === 1 ? '' : 's'} go with it.`}{' '}
            Visitors who had it see the page as written (or another variant). Nothing is written to
            the file until you save.
          </p>
        </Confirm>
      )}
      <ProblemsAt problems={problems} pointer={at} />
      {variant.sections && variant.overrides && (
        <div className="studio-warning">
          <p>
            This variant has its own blocks and also a list of changes to the page’s blocks; the
            site shows its own blocks and ignores the changes.
          </p>
          <button
            type="button"
            className="studio-button studio-button-small"
            onClick={() => {
              onChange(dropOverrides(partner, pageKey, index));
              onStatus(
                `The variant ${variant.id} keeps its own blocks; its unused changes are gone.`,
              );
            }}
          >
            Keep its own blocks, drop the unused changes
          </button>
        </div>
      )}
      <StudioForm
        idPrefix={prefix}
        schema={variantSettingsSchema}
        uiSchema={variantUi}
        formData={settings}
        errors={settingsErrors}
        context={context}
        onChange={(data) =>
          onChange(
            updateVariantSettings(
              partner,
              pageKey,
              index,
              data as unknown as Pick<StudioVariant, 'id' | 'weight' | 'note' | 'schedule'>,
            ),
          )
        }
      />
      {variant.sections ? (
        <OwnSections
          {...theVariant}
          problems={problems}
          context={context}
          open={open}
          onOpen={onOpen}
        />
      ) : (
        <>
          <ChangedBlocks {...theVariant} problems={problems} context={context} />
          <MakeCopy {...theVariant} />
        </>
      )}
    </li>
  );
}

/**
 * Turns a variant of changed blocks into one with its own full list (its changes applied), after
 * saying what that means: the page's later edits no longer reach it, the studio cannot turn it
 * back, and any change to a block the page no longer has is dropped.
 */
function MakeCopy({ partner, pageKey, index, variant, onChange, onStatus }: VariantPart) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const prefix = fieldId(pageFormId(pageKey), ['experiment', 'variants', String(index)]);
  const count = sectionsOf(partner, pageKey).length;
  const changed = Object.keys(variant.overrides ?? {});
  const lost = lostInCopy(partner, pageKey, variant);
  const kept = changed.filter((id) => !lost.includes(id));
  return (
    <div className="studio-make-copy">
      <p className="studio-help" id={`${prefix}__copy-help`}>
        To add, remove or reorder blocks in this variant, give it its own copy of the page’s blocks.
      </p>
      {!asking && (
        <button
          type="button"
          ref={trigger}
          className="studio-button"
          aria-describedby={`${prefix}__copy-help`}
          onClick={() => setAsking(true)}
        >
          Make {variant.id} a full copy of the page
        </button>
      )}
      {asking && (
        <Confirm
          id={`${prefix}__copy`}
          question={`Make ${variant.id} a full copy of the page?`}
          confirmLabel="Make the copy"
          onConfirm={() => {
            setAsking(false);
            onChange(variantAsCopy(partner, pageKey, index));
            onStatus(
              `The variant ${variant.id} now has its own copy of the page’s ${count} block${count === 1 ? '' : 's'}.`,
            );
            focusLater(`${prefix}_sections-blocks-heading`);
          }}
          onCancel={() => {
            setAsking(false);
            requestAnimationFrame(() => trigger.current?.focus());
          }}
        >
          <ul className="studio-help studio-confirm-list">
            <li>
              It gets its own list of the page’s {count} block{count === 1 ? '' : 's'}
              {kept.length > 0
                ? `, with its changes to ${kept.join(', ')} in them`
                : ', as the page has them now'}
              .
            </li>
            <li>
              Later edits of the page’s blocks no longer reach this variant, and the studio cannot
              turn it back into changes of some blocks.
            </li>
          </ul>
          {lost.length > 0 && (
            <p className="studio-warning">
              <strong>
                Its changes to {lost.join(', ')} will be dropped: the page no longer has{' '}
                {lost.length === 1 ? 'that block' : 'those blocks'}.
              </strong>
            </p>
          )}
        </Confirm>
      )}
    </div>
  );
}

/** The blocks this variant shows differently, each with its form, and a way to change another. */
function ChangedBlocks({
  partner,
  pageKey,
  index,
  variant,
  problems,
  context,
  onChange,
  onStatus,
}: VariantForms) {
  const sections = sectionsOf(partner, pageKey);
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
              onClick={() => onChange(clearBlockOverride(partner, pageKey, index, id))}
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
            onChange(clearBlockOverride(partner, pageKey, index, section.id));
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

function OverrideBlock({
  partner,
  pageKey,
  index,
  variant,
  section,
  problems,
  context,
  onChange,
  onReset,
}: Omit<VariantForms, 'onStatus'> & { section: Section; onReset: () => void }) {
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
          {humanize(section.type)} <span className="studio-muted">({section.id})</span>
          <span className="studio-override-changed">
            {changed.length > 0
              ? `Changed: ${changed.map((key) => humanize(key)).join(', ')}`
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
        onChange={(data) =>
          onChange(setBlockOverride(partner, pageKey, index, section.id, data as JsonObject))
        }
      />
    </div>
  );
}

/**
 * A variant with its own list of blocks: the same list as the page's (BlocksPanel's), kept in the
 * variant, so its blocks can be added, removed, reordered (by dragging, by keyboard or with the
 * buttons) and changed. Each block keeps the id it had on the page, which lines it up with the
 * control's in the report and the preview.
 */
function OwnSections({
  partner,
  pageKey,
  index,
  variant,
  problems,
  context,
  onChange,
  onStatus,
  open,
  onOpen,
}: VariantForms & {
  open: OpenBlock | undefined;
  onOpen: (open: OpenBlock | undefined) => void;
}) {
  const list = variantSectionsAt(pageKey, index);
  const prefix = fieldId(pageFormId(pageKey), ['experiment', 'variants', String(index)]);
  // Blocks line up with the control's by id: say which of the page's it lacks, and which are new.
  const page = sectionsOf(partner, pageKey);
  const own = variant.sections ?? [];
  const missing = page.filter((section) => !own.some((mine) => mine.id === section.id));
  const added = own.filter((mine) => !page.some((section) => section.id === mine.id));
  return (
    <div className="studio-own-blocks">
      <ProblemsAt problems={problems} pointer={list} />
      <BlockList
        partner={partner}
        pageKey={pageKey}
        sections={variant.sections ?? []}
        onSections={(next) => onChange(setVariantSections(partner, pageKey, index, next))}
        pointer={list}
        problems={problems}
        context={context}
        formIdOf={(sectionIndex) => variantBlockFormId(pageKey, index, sectionIndex)}
        idBase={`${prefix}_sections`}
        heading={`Blocks of ${variant.id}, top to bottom`}
        help="This variant shows these blocks instead of the page’s: edits of the page’s blocks do not reach it. Drag a block by its handle, or focus the handle and press space, then the arrow keys, then space again; Move up and Move down do the same."
        level={5}
        note={
          (missing.length > 0 || added.length > 0) && (
            <p className="studio-help" data-testid="own-blocks-compared">
              Compared with the page:{' '}
              {[
                missing.length > 0 && `not in this variant: ${missing.map(blockLabel).join(', ')}`,
                added.length > 0 && `only in this variant: ${added.map(blockLabel).join(', ')}`,
              ]
                .filter(Boolean)
                .join('; ')}
              .
            </p>
          )
        }
        where={` in variant ${variant.id}`}
        taken={sectionsOf(partner, pageKey)}
        expanded={open?.list === list ? open.id : undefined}
        onExpand={(id) => onOpen(id === undefined ? undefined : { list, id })}
        onStatus={onStatus}
      />
    </div>
  );
}
