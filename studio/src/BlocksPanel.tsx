import { useMemo, useState, type FormEvent } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ErrorSchema } from '@rjsf/utils';
import type { Problem } from './api.ts';
import { oneBlockPerArrowKey } from './blockKeyboard.ts';
import {
  addPage,
  addSection,
  duplicateSection,
  moveSection,
  newSection,
  pagesOf,
  removePage,
  removeSection,
  sectionsOf,
  updatePage,
  updateSection,
  type PageData,
  type Section,
} from './blocks.ts';
import {
  blockDescription,
  blockSchema,
  blockTypesFor,
  errorTree,
  humanize,
  pageKeyPattern,
  pageSettingsSchema,
  pointerParts,
  slugPattern,
  uiSchemaFor,
  type Json,
  type JsonObject,
} from './schema.ts';
import { StudioForm, type StudioFormContext } from './StudioForm.tsx';

/** Page keys to people: "landing" is the home page, "claimOffer" the offer page. */
export function pageLabel(key: string, partner: JsonObject): string {
  if (key === 'landing') return 'Home page';
  if (key === 'claimOffer') return 'Claim-offer page';
  const slug = pagesOf(partner)[key]?.slug;
  return `Campaign page “${humanize(key)}”${slug ? ` (/${slug})` : ''}`;
}

export const blockLabel = (section: Section) => `${humanize(section.type)} (${section.id})`;

/** The id prefix of a block's form: its fields are `${prefix}_title`, `${prefix}_cards_0_title`... */
export const blockFormId = (pageKey: string, index: number) => `block-${pageKey}-${index}`;
export const pageFormId = (pageKey: string) => `page-${pageKey}`;

interface Props {
  partner: JsonObject;
  pageKey: string;
  onPageKey: (key: string) => void;
  onChange: (partner: JsonObject) => void;
  problems: Problem[];
  context: StudioFormContext;
  expanded: string | undefined;
  onExpand: (id: string | undefined) => void;
}

export function BlocksPanel(props: Props) {
  const { partner, pageKey, onPageKey, onChange, problems, context, expanded, onExpand } = props;
  const sections = sectionsOf(partner, pageKey);
  const pageKeys = Object.keys(pagesOf(partner));
  const [status, setStatus] = useState('');
  const types = blockTypesFor(pageKey);
  const [newType, setNewType] = useState(types[0] ?? '');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: oneBlockPerArrowKey }),
  );

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

  const labelOf = (id: string | number) => {
    const section = sections.find((candidate) => candidate.id === id);
    return section ? blockLabel(section) : String(id);
  };
  const positionOf = (id: string | number) => sections.findIndex((s) => s.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${labelOf(active.id)}, at position ${positionOf(active.id)} of ${sections.length}. Use the up and down arrow keys to move it, space to drop it, escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} is over position ${positionOf(over.id)} of ${sections.length}.`
        : `${labelOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} dropped at position ${positionOf(over.id)} of ${sections.length}.`
        : `${labelOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving ${labelOf(active.id)} was cancelled; it stays where it was.`,
  };

  const moveTo = (from: number, to: number) => {
    const section = sections[from];
    if (!section || to < 0 || to >= sections.length) return;
    onChange(moveSection(partner, pageKey, from, to));
    setStatus(`${blockLabel(section)} moved to position ${to + 1} of ${sections.length}.`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = sections.findIndex((section) => section.id === active.id);
    const to = sections.findIndex((section) => section.id === over.id);
    if (from >= 0 && to >= 0) onChange(moveSection(partner, pageKey, from, to));
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!newType) return;
    const section = newSection(partner, pageKey, newType);
    onChange(addSection(partner, pageKey, section));
    onExpand(section.id);
    setStatus(`Added a ${humanize(newType)} block (${section.id}). Replace its placeholder texts.`);
  };

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
          onChange(addPage(partner, key, page));
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
            onChange={(data) => onChange(updatePage(partner, pageKey, pageSettingsChange(data)))}
          />
          <button
            type="button"
            className="studio-button studio-button-danger"
            onClick={() => {
              onChange(removePage(partner, pageKey));
              onPageKey('landing');
              setStatus(`Removed the campaign page ${humanize(pageKey)}.`);
            }}
          >
            Remove this page
          </button>
        </section>
      )}

      <h3 id="blocks-heading">Blocks on this page, top to bottom</h3>
      <p className="studio-help" id="blocks-help">
        Drag a block by its handle, or focus the handle and press space, then the arrow keys, then
        space again. The Move up and Move down buttons do the same.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move this block, press space to pick it up, the up and down arrow keys to move it, and space again to drop it. Escape cancels.',
          },
        }}
      >
        <SortableContext
          items={sections.map((section) => section.id)}
          strategy={verticalListSortingStrategy}
        >
          <ol className="studio-blocks" aria-labelledby="blocks-heading">
            {sections.map((section, index) => (
              <BlockCard
                key={section.id}
                section={section}
                index={index}
                count={sections.length}
                open={expanded === section.id}
                onToggle={() => onExpand(expanded === section.id ? undefined : section.id)}
                onMove={(to) => moveTo(index, to)}
                onDuplicate={() => {
                  onChange(duplicateSection(partner, pageKey, index));
                  setStatus(`Duplicated ${blockLabel(section)}.`);
                }}
                onRemove={() => {
                  onChange(removeSection(partner, pageKey, index));
                  setStatus(`Removed ${blockLabel(section)}.`);
                }}
                onProps={(propsData) =>
                  onChange(
                    updateSection(partner, pageKey, index, { props: propsData as JsonObject }),
                  )
                }
                onId={(id) => {
                  onChange(updateSection(partner, pageKey, index, { id }));
                  onExpand(id);
                }}
                problems={problems.filter(
                  (problem) =>
                    problem.pointer === `${at}/sections/${index}` ||
                    problem.pointer.startsWith(`${at}/sections/${index}/`),
                )}
                pageKey={pageKey}
                context={context}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>

      <form className="studio-card studio-add-block" onSubmit={add}>
        <h3>Add a block from the library</h3>
        <div className="studio-field">
          <label htmlFor="new-block-type">Block</label>
          <select
            id="new-block-type"
            value={types.includes(newType) ? newType : (types[0] ?? '')}
            onChange={(event) => setNewType(event.target.value)}
            aria-describedby="new-block-description"
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {humanize(type)}
              </option>
            ))}
          </select>
          <p id="new-block-description" className="studio-help">
            {blockDescription(types.includes(newType) ? newType : (types[0] ?? ''))}
          </p>
        </div>
        <button type="submit" className="studio-button studio-button-primary">
          Add block
        </button>
      </form>
      <p className="studio-visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

const pageUi = uiSchemaFor(pageSettingsSchema);

/** The page form's values for the file: an emptied schedule is left out (it needs a start or an end). */
function pageSettingsChange(data: Json): Partial<PageData> {
  const { schedule, ...rest } = data as Partial<PageData>;
  const kept = Object.fromEntries(Object.entries(schedule ?? {}).filter(([, value]) => value));
  return { ...rest, schedule: Object.keys(kept).length > 0 ? kept : undefined };
}

function pageSettingsOf(partner: JsonObject, key: string): Json {
  const page = pagesOf(partner)[key];
  return {
    slug: page?.slug,
    title: page?.title,
    description: page?.description,
    schedule: page?.schedule,
  } as unknown as Json;
}

function BlockCard({
  section,
  index,
  count,
  open,
  onToggle,
  onMove,
  onDuplicate,
  onRemove,
  onProps,
  onId,
  problems,
  pageKey,
  context,
}: {
  section: Section;
  index: number;
  count: number;
  open: boolean;
  onToggle: () => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  onProps: (props: Json) => void;
  onId: (id: string) => void;
  problems: Problem[];
  pageKey: string;
  context: StudioFormContext;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    useSortable({ id: section.id });
  const schema = useMemo(() => blockSchema(section.type), [section.type]);
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  const prefix = blockFormId(pageKey, index);
  const propsAt = `/pages/${pageKey}/sections/${index}/props`;
  const errors: ErrorSchema = errorTree(
    problems
      .filter((problem) => problem.pointer === propsAt || problem.pointer.startsWith(`${propsAt}/`))
      .map((problem) => ({
        path: pointerParts(problem.pointer).slice(5),
        message: problem.message,
      })),
  );
  const cardProblems = problems.filter(
    (problem) => !(problem.pointer === propsAt || problem.pointer.startsWith(`${propsAt}/`)),
  );
  const label = blockLabel(section);
  const headingId = `${prefix}-heading`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className="studio-block"
      data-block-id={section.id}
      data-invalid={problems.length > 0 || undefined}
      aria-labelledby={headingId}
    >
      <div className="studio-block-bar">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="studio-handle"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${label}`}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <h4 id={headingId} className="studio-block-title">
          <span className="studio-muted">{index + 1}.</span> {humanize(section.type)}{' '}
          <span className="studio-muted">({section.id})</span>
          {problems.length > 0 && (
            <span className="studio-badge studio-badge-error">
              {problems.length} problem{problems.length === 1 ? '' : 's'}
            </span>
          )}
        </h4>
        <div className="studio-block-actions">
          <button
            type="button"
            className="studio-button studio-button-small"
            aria-expanded={open}
            aria-controls={`${prefix}-body`}
            onClick={onToggle}
            aria-label={`${open ? 'Close' : 'Edit'} ${label}`}
          >
            {open ? 'Close' : 'Edit'}
          </button>
          <button
            type="button"
            className="studio-button studio-button-small"
            onClick={() => onMove(index - 1)}
            disabled={index === 0}
            aria-label={`Move up: ${label}`}
          >
            Move up
          </button>
          <button
            type="button"
            className="studio-button studio-button-small"
            onClick={() => onMove(index + 1)}
            disabled={index === count - 1}
            aria-label={`Move down: ${label}`}
          >
            Move down
          </button>
          <button
            type="button"
            className="studio-button studio-button-small"
            onClick={onDuplicate}
            aria-label={`Duplicate ${label}`}
          >
            Duplicate
          </button>
          <button
            type="button"
            className="studio-button studio-button-small studio-button-danger"
            onClick={onRemove}
            aria-label={`Remove ${label}`}
          >
            Remove
          </button>
        </div>
      </div>
      {cardProblems.map((problem) => (
        <p key={problem.pointer + problem.message} className="studio-error">
          {problem.message}
        </p>
      ))}
      {open && (
        <div id={`${prefix}-body`} className="studio-block-body">
          <p className="studio-help">{blockDescription(section.type)}</p>
          <div className="studio-field">
            <label htmlFor={`${prefix}-id`}>Block name (for links and stories)</label>
            <input
              id={`${prefix}-id`}
              defaultValue={section.id}
              // Applied when leaving the field: the id keys the block, so typing must not remount it.
              onBlur={(event) => {
                if (event.target.value !== section.id) onId(event.target.value);
              }}
              spellCheck={false}
            />
          </div>
          <StudioForm
            idPrefix={prefix}
            schema={schema}
            uiSchema={uiSchema}
            formData={section.props}
            errors={errors}
            context={context}
            onChange={onProps}
          />
        </div>
      )}
    </li>
  );
}

function AddPageForm({
  partner,
  onAdd,
}: {
  partner: JsonObject;
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
