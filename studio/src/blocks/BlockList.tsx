import { useState, type FormEvent, type ReactNode } from 'react';
import {
  DndContext,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Problem } from '../api/studioApi.ts';
import { BlockKeyboardSensor } from './blockKeyboard.ts';
import {
  move,
  newBlockDraft,
  withAdded,
  withChanged,
  withDuplicate,
  withRemoved,
} from './blocks.ts';
import { isJsonObject } from '../schema/json.ts';
import { blockDescription, blockTypesFor } from '../schema/schema.ts';
import type { StudioFormContext } from '../forms/StudioForm.tsx';
import { blockLabel, blockTypeName } from './labels.ts';
import { BlockCard, Heading } from './BlockCard.tsx';
import type { PartnerDraft, BlockDraft } from '../schema/partnerTypes.ts';
import type { NamedEdit } from '../editor/draftActions.ts';

export { blockLabel };

/**
 * An ordered list of blocks, wherever the file keeps it: a page's `sections`, or a variant's own
 * `sections` in the page's A/B test. Each block can be opened to edit its settings, renamed,
 * duplicated, removed and moved (by dragging its handle, by keyboard with the handle, or with Move
 * up / Move down), and blocks can be added from the library. The list holds no copy of the
 * blocks: every change goes to `onBlocks` with its name ("move FAQ (faq) up"), which writes it
 * into the one draft partner.
 */
export interface BlockListProps {
  /** The draft partner: the placeholders of a new block use its logo and colours. */
  partner: PartnerDraft;
  /** The page the list belongs to: which blocks the library offers (the offer only off landing). */
  pageKey: string;
  sections: BlockDraft[];
  onBlocks: (next: BlockDraft[], edit: NamedEdit) => void;
  /** The list's pointer in the file (/pages/landing/sections). */
  pointer: string;
  /** The checker's problems; those at or under the list's blocks show on them. */
  problems: Problem[];
  context: StudioFormContext;
  /** The id prefix of a block's settings form: its fields are `${prefix}_title`... */
  formIdOf: (index: number) => string;
  /** The prefix of the list's own element ids; none keeps the page list's (`blocks-heading`...). */
  idBase?: string;
  heading: string;
  help?: string;
  /** Shown under the help, above the blocks. */
  note?: ReactNode;
  /** The list's heading level; its blocks' headings are one below. */
  level: 3 | 4 | 5;
  /** Added to each button's accessible name, so lists on one screen differ (" in variant b"). */
  where?: string;
  /** Ids a new or duplicated block must not take besides the list's own. */
  taken?: readonly BlockDraft[];
  /** The open block's id. */
  expanded: string | undefined;
  onExpand: (id: string | undefined) => void;
  onStatus: (text: string) => void;
  /**
   * Removes the block at this index wherever else it matters too (a variant's change of it) and
   * says what else changed, as a sentence ("" for nothing); by default only the list changes.
   */
  removeBlock?: (index: number) => string;
}

export function BlockList(props: BlockListProps) {
  const { partner, pageKey, sections, onBlocks, pointer, problems, context, formIdOf } = props;
  const { idBase, heading, help, note, level, where = '', taken = [], expanded, onExpand } = props;
  const { onStatus, removeBlock } = props;
  // What the last removal did, on screen while the list stays that long (an undo or an added
  // block hides it).
  const [removed, setRemoved] = useState<{ sentence: string; count: number }>();
  const id = (name: string) => (idBase ? `${idBase}-${name}` : name);
  const types = blockTypesFor(pageKey);
  const [newType, setNewType] = useState(types[0] ?? '');
  const chosenType = types.find((type) => type === newType) ?? types[0];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(BlockKeyboardSensor),
  );

  const labelOf = (blockId: string | number) => {
    const section = sections.find((candidate) => candidate.id === blockId);
    return section ? blockLabel(section) : String(blockId);
  };
  const positionOf = (blockId: string | number) => sections.findIndex((s) => s.id === blockId) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${labelOf(active.id)}${where}, at position ${positionOf(active.id)} of ${sections.length}. Use the up and down arrow keys to move it, space to drop it, escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} is over position ${positionOf(over.id)} of ${sections.length}${where}.`
        : `${labelOf(active.id)} is no longer over the list${where}.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} dropped at position ${positionOf(over.id)} of ${sections.length}${where}.`
        : `${labelOf(active.id)} dropped where it was${where}.`,
    onDragCancel: ({ active }) =>
      `Moving ${labelOf(active.id)}${where} was canceled; it stays where it was.`,
  };

  /** Focus a block's heading (or the list's) once React has drawn the change. */
  const focusLater = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());

  /** A move's name in the history: "move FAQ (faq) up", or "... to position 4" for a drag. */
  const moved = (section: BlockDraft, from: number, to: number): NamedEdit => {
    const way = to === from - 1 ? 'up' : to === from + 1 ? 'down' : `to position ${to + 1}`;
    return { kind: 'move', label: `move ${blockLabel(section)} ${way}${where}` };
  };

  const moveTo = (from: number, to: number) => {
    const section = sections[from];
    if (!section || to < 0 || to >= sections.length) return;
    onBlocks(move(sections, from, to), moved(section, from, to));
    onStatus(`${blockLabel(section)} moved to position ${to + 1} of ${sections.length}${where}.`);
    // The block's button goes with it (React may re-insert its card, which drops focus); at the
    // top or the bottom, where that button is off, its other move button.
    const step = to < from ? 'up' : 'down';
    const edge = step === 'up' ? to === 0 : to === sections.length - 1;
    const other = step === 'up' ? 'down' : 'up';
    focusLater(`${formIdOf(to)}-${edge ? other : step}`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = sections.findIndex((section) => section.id === active.id);
    const to = sections.findIndex((section) => section.id === over.id);
    const section = sections[from];
    if (section && to >= 0) onBlocks(move(sections, from, to), moved(section, from, to));
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenType) return;
    const section = newBlockDraft(partner, pageKey, chosenType, [...sections, ...taken]);
    onBlocks(withAdded(sections, section), {
      kind: 'add',
      label: `add a ${blockTypeName(chosenType)} block${where}`,
    });
    onExpand(section.id);
    onStatus(
      `Added a ${blockTypeName(chosenType)} block (${section.id})${where}. Replace its placeholder texts.`,
    );
  };

  return (
    <div className="studio-stack studio-block-list">
      <Heading
        level={level}
        id={id('blocks-heading')}
        className="studio-list-heading"
        tabIndex={-1}
      >
        {heading}
      </Heading>
      <p className="studio-help" id={id('blocks-help')}>
        {help ??
          'Drag a block by its handle, or focus the handle and press space, then the arrow keys, then space again. The Move up and Move down buttons do the same.'}
      </p>
      {note}
      {removed?.count === sections.length && <p className="studio-notice">{removed.sentence}</p>}
      {sections.length === 0 && (
        <p className="studio-help">No blocks yet: add one from the library below.</p>
      )}
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
          <ol className="studio-blocks" aria-labelledby={id('blocks-heading')}>
            {sections.map((section, index) => (
              <BlockCard
                key={section.id}
                section={section}
                index={index}
                count={sections.length}
                level={level + 1}
                where={where}
                prefix={formIdOf(index)}
                propsAt={`${pointer}/${index}/props`}
                open={expanded === section.id}
                onToggle={() => onExpand(expanded === section.id ? undefined : section.id)}
                onMove={(to) => moveTo(index, to)}
                onDuplicate={() => {
                  onBlocks(withDuplicate(sections, index, taken), {
                    kind: 'duplicate',
                    label: `duplicate ${blockLabel(section)}${where}`,
                  });
                  onStatus(`Duplicated ${blockLabel(section)}${where}.`);
                }}
                onRemove={() => {
                  const next = withRemoved(sections, index);
                  let alsoChanged = '';
                  if (removeBlock) alsoChanged = removeBlock(index);
                  else
                    onBlocks(next, {
                      kind: 'remove',
                      label: `remove ${blockLabel(section)}${where}`,
                    });
                  const sentence = `Removed ${blockLabel(section)}${where}.${alsoChanged ? ` ${alsoChanged}` : ''} Undo (Ctrl+Z) brings it back.`;
                  setRemoved({ sentence, count: next.length });
                  onStatus(sentence);
                  // Focus stays in the list: on the block now in its place, else the one above.
                  const neighbour = Math.min(index, next.length - 1);
                  focusLater(
                    neighbour >= 0 ? `${formIdOf(neighbour)}-heading` : id('blocks-heading'),
                  );
                }}
                onProps={(propsData) => {
                  if (isJsonObject(propsData))
                    onBlocks(withChanged(sections, index, { props: propsData }), {
                      kind: 'change',
                      label: `change ${blockLabel(section)}${where}`,
                      byField: { of: `${blockLabel(section)}${where}` },
                    });
                }}
                onId={(blockId) => {
                  onBlocks(withChanged(sections, index, { id: blockId }), {
                    kind: 'rename',
                    label: `rename ${blockLabel(section)} to ${blockId}${where}`,
                  });
                  onExpand(blockId);
                }}
                problems={problems.filter(
                  (problem) =>
                    problem.pointer === `${pointer}/${index}` ||
                    problem.pointer.startsWith(`${pointer}/${index}/`),
                )}
                context={context}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>

      <form className="studio-card studio-add-block" onSubmit={add}>
        <Heading level={level} className="studio-list-heading">
          Add a block from the library
        </Heading>
        <div className="studio-field">
          <label htmlFor={id('new-block-type')}>Block</label>
          <select
            id={id('new-block-type')}
            value={chosenType ?? ''}
            onChange={(event) => setNewType(event.target.value)}
            aria-describedby={id('new-block-description')}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {blockTypeName(type)}
              </option>
            ))}
          </select>
          <p id={id('new-block-description')} className="studio-help">
            {chosenType && blockDescription(chosenType)}
          </p>
        </div>
        <button
          type="submit"
          className="studio-button studio-button-primary"
          aria-label={where ? `Add block${where}` : undefined}
        >
          Add block
        </button>
      </form>
    </div>
  );
}
