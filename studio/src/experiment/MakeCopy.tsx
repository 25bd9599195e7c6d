import { useRef, useState } from 'react';
import { blocksOf } from '../blocks/blocks.ts';
import { lostInCopy, variantAsCopy } from './variantBlocks.ts';
import { fieldId, pageFormId } from '../places/places.ts';
import { focusLater, type VariantPart } from './experimentParts.tsx';
import { Confirm } from './Confirm.tsx';

/**
 * Turns a variant of changed blocks into one with its own full list (its changes applied), after
 * saying what that means: the page's later edits no longer reach it, the studio cannot turn it
 * back, and any change to a block the page no longer has is dropped.
 */
export function MakeCopy({ partner, pageKey, index, variant, onChange, onStatus }: VariantPart) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const prefix = fieldId(pageFormId(pageKey), ['experiment', 'variants', String(index)]);
  const count = blocksOf(partner, pageKey).length;
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
            onChange(variantAsCopy(partner, pageKey, index), {
              kind: 'change',
              label: `give variant ${variant.id} blocks of its own`,
            });
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
