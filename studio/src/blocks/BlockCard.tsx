import { createElement, useMemo, type HTMLAttributes } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ErrorSchema } from '@rjsf/utils';
import type { Problem } from '../api/studioApi.ts';
import {
  blockDescription,
  blockSchema,
  errorTree,
  pointerParts,
  problemPath,
  uiSchemaFor,
  type Json,
} from '../schema/schema.ts';
import { StudioForm, type StudioFormContext } from '../forms/StudioForm.tsx';
import { TranslationFields } from '../translations/TranslationFields.tsx';
import { blockLabel, blockTypeName } from './labels.ts';
import type { BlockDraft } from '../schema/partnerTypes.ts';

/** A heading at a level given by where the list is (h3 under a panel, h5 inside a variant). */
export function Heading({
  level,
  ...rest
}: { level: number } & HTMLAttributes<HTMLHeadingElement>) {
  return createElement(`h${Math.min(6, level)}`, rest);
}

/**
 * One block in a list: its drag handle, name, move, duplicate and remove buttons, and (opened)
 * its settings form with the checker's sentences under their fields.
 */
export function BlockCard({
  section,
  index,
  count,
  level,
  where,
  prefix,
  propsAt,
  open,
  onToggle,
  onMove,
  onDuplicate,
  onRemove,
  onProps,
  onId,
  problems,
  context,
}: {
  section: BlockDraft;
  index: number;
  count: number;
  level: number;
  where: string;
  prefix: string;
  propsAt: string;
  open: boolean;
  onToggle: () => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  onProps: (props: Json) => void;
  onId: (id: string) => void;
  problems: Problem[];
  context: StudioFormContext;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    useSortable({ id: section.id });
  const schema = useMemo(() => blockSchema(section.type), [section.type]);
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  const depth = pointerParts(propsAt).length;
  const errors: ErrorSchema = errorTree(
    problems
      .filter((problem) => problem.pointer === propsAt || problem.pointer.startsWith(`${propsAt}/`))
      .map((problem) => ({
        path: problemPath(pointerParts(problem.pointer).slice(depth), problem),
        message: problem.message,
      })),
  );
  const cardProblems = problems.filter(
    (problem) => !(problem.pointer === propsAt || problem.pointer.startsWith(`${propsAt}/`)),
  );
  const label = `${blockLabel(section)}${where}`;
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
        <Heading level={level} id={headingId} className="studio-block-title" tabIndex={-1}>
          <span className="studio-muted">{index + 1}.</span> {blockTypeName(section.type)}{' '}
          <span className="studio-muted">({section.id})</span>
          {problems.length > 0 && (
            <span className="studio-badge studio-badge-error">
              {problems.length} problem{problems.length === 1 ? '' : 's'}
            </span>
          )}
        </Heading>
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
            id={`${prefix}-up`}
            onClick={() => onMove(index - 1)}
            disabled={index === 0}
            aria-label={`Move up: ${label}`}
          >
            Move up
          </button>
          <button
            type="button"
            className="studio-button studio-button-small"
            id={`${prefix}-down`}
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
            <label htmlFor={`${prefix}-id`}>Block name</label>
            <p className="studio-help" id={`${prefix}-id-help`}>
              Lowercase words joined by dashes. A link straight to this block ends with it: #
              {section.id}
            </p>
            <input
              id={`${prefix}-id`}
              aria-describedby={`${prefix}-id-help`}
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
          <TranslationFields
            englishAt={propsAt}
            formId={prefix}
            blockName={`${blockTypeName(section.type)} (${section.id})`}
          />
        </div>
      )}
    </li>
  );
}
