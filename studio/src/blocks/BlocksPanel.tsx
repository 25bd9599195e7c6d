import { useState, type FormEvent } from 'react';
import type { Problem } from '../api/studioApi.ts';
import { BlockList } from './BlockList.tsx';
import { blockLabel, pageLabel } from './labels.ts';
import { addPage, pagesOf, removePage, blocksOf, updatePage, withBlocks } from './blocks.ts';
import {
  errorTree,
  humanize,
  lowerFirst,
  pageSettingsSchema,
  pointerParts,
  uiSchemaFor,
  type Json,
  type JsonObject,
} from '../schema/schema.ts';
import { pageKeyPattern, slugPattern } from '../schema/limits.ts';
import { isJsonObject, jsonOf, textOf } from '../schema/json.ts';
import { StudioForm, type StudioFormContext } from '../forms/StudioForm.tsx';
import { removePageBlock } from '../experiment/variantBlocks.ts';
import { blockFormId, pageFormId } from '../places/places.ts';
import type { PageDraft, PartnerDraft } from '../schema/partnerTypes.ts';
import type { OnEdit } from '../editor/draftActions.ts';
import { TranslationFields } from '../translations/TranslationFields.tsx';

export { blockLabel };

export { pageLabel };

interface Props {
  partner: PartnerDraft;
  pageKey: string;
  onPageKey: (key: string) => void;
  onChange: OnEdit;
  problems: Problem[];
  context: StudioFormContext;
  expanded: string | undefined;
  onExpand: (id: string | undefined) => void;
  onStatus: (text: string) => void;
}

export function BlocksPanel(props: Props) {
  const { partner, pageKey, onPageKey, onChange, problems, context, expanded, onExpand } = props;
  // The editor's one status line (editor/useAnnouncer.ts) says what a change of the list did.
  const setStatus = props.onStatus;
  const sections = blocksOf(partner, pageKey);
  const pageKeys = Object.keys(pagesOf(partner));
  const at = `/pages/${pageKey}`;
  const pageProblems = problems.filter(
    (problem) => problem.pointer === at || problem.pointer === `${at}/sections`,
  );
  const pageFieldErrors = errorTree(
    problems
      .filter((problem) =>
        /^\/pages\/[^/]+\/(slug|title|description|schedule(\/(start|end))?)$/.test(problem.pointer),
      )
      .filter((problem) => problem.pointer.startsWith(`${at}/`))
      .map((problem) => ({
        path: pointerParts(problem.pointer).slice(2),
        message: problem.message,
      })),
  );

  return (
    <div className="studio-stack">
      <div className="studio-field">
        <label htmlFor="page-picker">Page to edit</label>
        <select
          id="page-picker"
          value={pageKey}
          onChange={(event) => {
            onPageKey(event.target.value);
            onExpand(undefined);
          }}
        >
          {pageKeys.map((key) => (
            <option key={key} value={key}>
              {pageLabel(key, partner)}
            </option>
          ))}
        </select>
      </div>
      <AddPageForm
        partner={partner}
        onAdd={(key, page) => {
          onChange(addPage(partner, key, page), {
            kind: 'add',
            label: `add the campaign page ${humanize(key)}`,
          });
          onPageKey(key);
          setStatus(`Added the campaign page ${humanize(key)} at /${page.slug}.`);
        }}
      />

      {pageProblems.map((problem) => (
        <p key={problem.message} className="studio-error" data-problem-pointer={problem.pointer}>
          {problem.message}
        </p>
      ))}

      {pageKey !== 'landing' && pageKey !== 'claimOffer' && (
        <section className="studio-card" aria-labelledby="page-settings">
          <h3 id="page-settings">This page's address and title</h3>
          <StudioForm
            idPrefix={pageFormId(pageKey)}
            schema={pageSettingsSchema}
            uiSchema={pageUi}
            formData={pageSettingsOf(partner, pageKey)}
            errors={pageFieldErrors}
            context={context}
            onChange={(data) =>
              onChange(updatePage(partner, pageKey, pageSettingsChange(data)), {
                kind: 'change',
                label: `change the address and title of ${pageLabel(pageKey, partner)}`,
                byField: { of: `the ${lowerFirst(pageLabel(pageKey, partner))}` },
              })
            }
          />
          <TranslationFields
            englishAt={`/pages/${pageKey}`}
            formId={pageFormId(pageKey)}
            blockName={pageLabel(pageKey, partner)}
          />
          <button
            type="button"
            className="studio-button studio-button-danger"
            onClick={() => {
              onChange(removePage(partner, pageKey), {
                kind: 'remove',
                label: `remove the campaign page ${humanize(pageKey)}`,
              });
              onPageKey('landing');
              setStatus(`Removed the campaign page ${humanize(pageKey)}.`);
            }}
          >
            Remove this page
          </button>
        </section>
      )}

      <BlockList
        partner={partner}
        pageKey={pageKey}
        sections={sections}
        onBlocks={(next, edit) => onChange(withBlocks(partner, pageKey, next), edit)}
        pointer={`${at}/sections`}
        problems={problems}
        context={context}
        formIdOf={(index) => blockFormId(pageKey, index)}
        heading="Blocks on this page, top to bottom"
        level={3}
        expanded={expanded}
        onExpand={onExpand}
        onStatus={setStatus}
        removeBlock={(index) => {
          const { partner: next, variantsChanged } = removePageBlock(partner, pageKey, index);
          const section = sections[index];
          onChange(next, {
            kind: 'remove',
            label: `remove ${section ? blockLabel(section) : 'a block'}`,
          });
          if (variantsChanged.length === 0) return '';
          const names = variantsChanged.join(', ');
          return variantsChanged.length === 1
            ? `The A/B test's variant ${names} changed this block: that change is removed too.`
            : `The A/B test's variants ${names} changed this block: their changes are removed too.`;
        }}
      />
    </div>
  );
}

const pageUi = uiSchemaFor(pageSettingsSchema);

/** The page form's values for the file: an emptied schedule is left out (it needs a start or an end). */
function pageSettingsChange(data: Json): Partial<PageDraft> {
  if (!isJsonObject(data)) return {};
  const schedule = isJsonObject(data.schedule) ? data.schedule : {};
  const kept = jsonOf({
    start: textOf(schedule.start) || undefined,
    end: textOf(schedule.end) || undefined,
  });
  return {
    slug: textOf(data.slug),
    title: textOf(data.title),
    description: textOf(data.description),
    schedule: Object.keys(kept).length > 0 ? kept : undefined,
  };
}

function pageSettingsOf(partner: PartnerDraft, key: string): JsonObject {
  const page = pagesOf(partner)[key];
  return jsonOf({
    slug: page?.slug,
    title: page?.title,
    description: page?.description,
    schedule: page?.schedule,
  });
}

function AddPageForm({
  partner,
  onAdd,
}: {
  partner: PartnerDraft;
  onAdd: (key: string, page: { slug: string; title: string; description: string }) => void;
}) {
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = slug.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    const pages = pagesOf(partner);
    if (!slugPattern.test(slug) || !pageKeyPattern.test(key)) {
      setError(
        'Write the address as lower-case letters, digits and single dashes, starting with a letter, like "spring-offer".',
      );
      return;
    }
    if (key in pages || Object.values(pages).some((page) => page.slug === slug)) {
      setError(`This partner already has a page at /${slug}.`);
      return;
    }
    if (title.trim() === '') {
      setError('Give the page a title; it shows in the browser tab and in link previews.');
      return;
    }
    onAdd(key, { slug, title: title.trim(), description: title.trim() });
    setSlug('');
    setTitle('');
    setError(undefined);
  };
  return (
    <details className="studio-card">
      <summary>Add a campaign page</summary>
      <form onSubmit={submit} noValidate className="studio-stack">
        <div className="studio-field">
          <label htmlFor="new-page-slug">Address after the partner's (/{'{id}'}/…)</label>
          <input
            id="new-page-slug"
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            aria-describedby={error ? 'new-page-error' : undefined}
            spellCheck={false}
          />
        </div>
        <div className="studio-field">
          <label htmlFor="new-page-title">Page title</label>
          <input
            id="new-page-title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        {error && (
          <p id="new-page-error" className="studio-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="studio-button">
          Add page
        </button>
      </form>
    </details>
  );
}
