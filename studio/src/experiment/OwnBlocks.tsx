import { blockLabel, BlockList } from '../blocks/BlockList.tsx';
import { blocksOf } from '../blocks/blocks.ts';
import { setVariantBlocks } from './variantBlocks.ts';
import {
  fieldId,
  pageFormId,
  variantBlockFormId,
  variantBlocksAt,
  type OpenBlock,
} from '../places/places.ts';
import { ProblemsAt, type VariantForms } from './experimentParts.tsx';

/**
 * A variant with its own list of blocks: the same list as the page's (BlocksPanel's), kept in the
 * variant, so its blocks can be added, removed, reordered (by dragging, by keyboard or with the
 * buttons) and changed. Each block keeps the id it had on the page, which lines it up with the
 * control's in the report and the preview.
 */
export function OwnBlocks({
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
  const list = variantBlocksAt(pageKey, index);
  const prefix = fieldId(pageFormId(pageKey), ['experiment', 'variants', String(index)]);
  // Blocks line up with the control's by id: say which of the page's it lacks, and which are new.
  const page = blocksOf(partner, pageKey);
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
        onBlocks={(next, edit) => onChange(setVariantBlocks(partner, pageKey, index, next), edit)}
        pointer={list}
        problems={problems}
        context={context}
        formIdOf={(blockIndex) => variantBlockFormId(pageKey, index, blockIndex)}
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
        taken={blocksOf(partner, pageKey)}
        expanded={open?.list === list ? open.id : undefined}
        onExpand={(id) => onOpen(id === undefined ? undefined : { list, id })}
        onStatus={onStatus}
      />
    </div>
  );
}
