import { useMemo, useState, type FormEvent } from 'react';
import type { Problem } from './api.ts';
import { blockLabel } from './BlocksPanel.tsx';
import { sectionsOf, type Section } from './blocks.ts';
import {
  addVariant,
  clearBlockOverride,
  experimentOf,
  formatShare,
  freeVariantId,
  maxVariants,
  removeVariant,
  setBlockOverride,
  setControlWeight,
  setVariantSectionProps,
  updateVariantSettings,
  variantBlockProps,
  versionShares,
  type StudioVariant,
  type VersionShare,
} from './experiments.ts';
import {
  blockSchema,
  controlWeightSchema,
  errorTree,
  fieldId,
  humanize,
  pointerParts,
  uiSchemaFor,
  variantSettingsSchema,
  type Json,
  type JsonObject,
} from './schema.ts';
import { StudioForm, type StudioFormContext } from './StudioForm.tsx';
import { versionColor } from './versionColors.ts';

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
}

const variantIdPattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const variantUi = uiSchemaFor(variantSettingsSchema);
const controlUi = uiSchemaFor(controlWeightSchema);

/** The checker's problems under a pointer, as an error tree for the form of that place. */
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

export function ExperimentPanel({ partner, pageKey, onChange, problems, context }: Props) {
  const [status, onStatus] = useState('');
  const experiment = experimentOf(partner, pageKey);
  const variants = experiment?.variants ?? [];
  const shares = versionShares(experiment);
  const at = `/pages/${pageKey}/experiment`;
  const base = fieldId(`page-${pageKey}`, ['experiment']);
  const [newId, setNewId] = useState('');
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
    onChange(addVariant(partner, pageKey, id));
    setNewId('');
    setError(undefined);
    onStatus(`Added the variant ${id}. Choose a block it changes.`);
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
      <a href={`#${fieldId(`page-${pageKey}`, ['experiment'])}__legend`}>
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
}: {
  partner: JsonObject;
  pageKey: string;
  index: number;
  variant: StudioVariant;
  share: VersionShare | undefined;
  problems: Problem[];
  context: StudioFormContext;
  onChange: (partner: JsonObject) => void;
  onStatus: (text: string) => void;
}) {
  const at = `/pages/${pageKey}/experiment/variants/${index}`;
  const prefix = fieldId(`page-${pageKey}`, ['experiment', 'variants', String(index)]);
  const settings = {
    id: variant.id,
    weight: variant.weight,
    note: variant.note,
    schedule: variant.schedule,
  } as unknown as Json;
  const settingsErrors = errorsUnder(problems, at, /\/(overrides|sections)(\/|$)/);
  return (
    <li className="studio-variant" data-variant={variant.id}>
      <div className="studio-block-bar">
        <h4 id={`${prefix}__legend`} tabIndex={-1} className="studio-block-title">
          Variant {index + 1}: {variant.id}{' '}
          {share && <span className="studio-muted">· {formatShare(share.share)} of visitors</span>}
        </h4>
        <button
          type="button"
          className="studio-button studio-button-small studio-button-danger"
          aria-label={`Remove variant ${variant.id}`}
          onClick={() => {
            onChange(removeVariant(partner, pageKey, index));
            onStatus(`Removed the variant ${variant.id}.`);
          }}
        >
          Remove variant
        </button>
      </div>
      <ProblemsAt problems={problems} pointer={at} />
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
          partner={partner}
          pageKey={pageKey}
          index={index}
          variant={variant}
          problems={problems}
          context={context}
          onChange={onChange}
        />
      ) : (
        <ChangedBlocks
          partner={partner}
          pageKey={pageKey}
          index={index}
          variant={variant}
          problems={problems}
          context={context}
          onChange={onChange}
          onStatus={onStatus}
        />
      )}
    </li>
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
}: {
  partner: JsonObject;
  pageKey: string;
  index: number;
  variant: StudioVariant;
  problems: Problem[];
  context: StudioFormContext;
  onChange: (partner: JsonObject) => void;
  onStatus: (text: string) => void;
}) {
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
  const prefix = fieldId(`page-${pageKey}`, ['experiment', 'variants', String(index)]);
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
}: {
  partner: JsonObject;
  pageKey: string;
  index: number;
  variant: StudioVariant;
  section: Section;
  problems: Problem[];
  context: StudioFormContext;
  onChange: (partner: JsonObject) => void;
  onReset: () => void;
}) {
  const schema = useMemo(() => blockSchema(section.type), [section.type]);
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  const pointer = `/pages/${pageKey}/experiment/variants/${index}/overrides/${section.id}`;
  const prefix = fieldId(`page-${pageKey}`, [
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

/** A variant with its own list of blocks (written in the file): each block's settings. */
function OwnSections({
  partner,
  pageKey,
  index,
  variant,
  problems,
  context,
  onChange,
}: {
  partner: JsonObject;
  pageKey: string;
  index: number;
  variant: StudioVariant;
  problems: Problem[];
  context: StudioFormContext;
  onChange: (partner: JsonObject) => void;
}) {
  const [open, setOpen] = useState<number[]>([]);
  const at = `/pages/${pageKey}/experiment/variants/${index}/sections`;
  return (
    <div className="studio-stack">
      <h5 className="studio-subheading">This variant’s own blocks</h5>
      <p className="studio-help">
        This variant replaces all the page’s blocks with its own list (written in the file). Their
        settings can be changed here; to add, remove or reorder them, edit the partner file by hand.
      </p>
      <ol className="studio-blocks">
        {(variant.sections ?? []).map((section, sectionIndex) => {
          const own = problems.filter((problem) =>
            `${problem.pointer}/`.startsWith(`${at}/${sectionIndex}/`),
          );
          const shown = open.includes(sectionIndex) || own.length > 0;
          const prefix = fieldId(`page-${pageKey}`, [
            'experiment',
            'variants',
            String(index),
            'sections',
            String(sectionIndex),
            'props',
          ]);
          return (
            <li
              key={section.id}
              className="studio-block"
              data-invalid={own.length > 0 || undefined}
            >
              <div className="studio-block-bar">
                <h6 className="studio-block-title">
                  <span className="studio-muted">{sectionIndex + 1}.</span> {humanize(section.type)}{' '}
                  <span className="studio-muted">({section.id})</span>
                </h6>
                <button
                  type="button"
                  className="studio-button studio-button-small"
                  aria-expanded={shown}
                  aria-label={`${shown ? 'Close' : 'Edit'} ${blockLabel(section)} in ${variant.id}`}
                  onClick={() =>
                    setOpen((current) =>
                      current.includes(sectionIndex)
                        ? current.filter((n) => n !== sectionIndex)
                        : [...current, sectionIndex],
                    )
                  }
                >
                  {shown ? 'Close' : 'Edit'}
                </button>
              </div>
              {own
                .filter((problem) => !problem.pointer.startsWith(`${at}/${sectionIndex}/props`))
                .map((problem) => (
                  <p key={problem.pointer + problem.message} className="studio-error">
                    {problem.message}
                  </p>
                ))}
              {shown && (
                <SectionForm
                  section={section}
                  prefix={prefix}
                  errors={errorsUnder(problems, `${at}/${sectionIndex}/props`)}
                  context={context}
                  onProps={(props) =>
                    onChange(setVariantSectionProps(partner, pageKey, index, sectionIndex, props))
                  }
                />
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function SectionForm({
  section,
  prefix,
  errors,
  context,
  onProps,
}: {
  section: Section;
  prefix: string;
  errors: ReturnType<typeof errorTree>;
  context: StudioFormContext;
  onProps: (props: JsonObject) => void;
}) {
  const schema = useMemo(() => blockSchema(section.type), [section.type]);
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  return (
    <StudioForm
      idPrefix={prefix}
      schema={schema}
      uiSchema={uiSchema}
      formData={section.props}
      errors={errors}
      context={context}
      onChange={(data) => onProps(data as JsonObject)}
    />
  );
}
