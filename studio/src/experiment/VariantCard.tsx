import { useRef, useState } from 'react';
import { removeVariant, updateVariantSettings, variantSettingsFrom } from './experiments.ts';
import { dropOverrides } from './variantBlocks.ts';
import { jsonOf } from '../schema/json.ts';
import { variantSettingsSchema } from '../schema/schema.ts';
import { StudioForm } from '../forms/StudioForm.tsx';
import { fieldId, pageFormId, type OpenBlock } from '../places/places.ts';
import {
  variantUi,
  ProblemsAt,
  errorsUnder,
  hasContent,
  type VariantForms,
} from './experimentParts.tsx';
import { Confirm } from './Confirm.tsx';
import { MakeCopy } from './MakeCopy.tsx';
import { ChangedBlocks } from './ChangedBlocks.tsx';
import { OwnBlocks } from './OwnBlocks.tsx';
import { ShipVariant } from './ShipVariant.tsx';
import { hasEnded } from './ship.ts';
import { shareOnCard, type ShareNow } from './sharesNow.ts';

export function VariantCard({
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
  share: ShareNow | undefined;
  open: OpenBlock | undefined;
  onOpen: (open: OpenBlock | undefined) => void;
  afterRemove: () => void;
}) {
  const at = `/pages/${pageKey}/experiment/variants/${index}`;
  const prefix = fieldId(pageFormId(pageKey), ['experiment', 'variants', String(index)]);
  // What each of the variant's parts below is given.
  const theVariant = { partner, pageKey, index, variant, onChange, onStatus };
  const [asking, setAsking] = useState(false);
  // When the card was shown or the variant stopped: a stopped variant takes no share any more.
  const [now, setNow] = useState(() => Date.now());
  const stopped = hasEnded(variant, now);
  const removeButton = useRef<HTMLButtonElement>(null);
  const settings = jsonOf({
    id: variant.id,
    weight: variant.weight,
    note: variant.note,
    schedule: variant.schedule,
  });
  const settingsErrors = errorsUnder(problems, at, /\/(overrides|sections)(\/|$)/);
  const remove = () => {
    onChange(removeVariant(partner, pageKey, index), {
      kind: 'remove',
      label: `remove variant ${variant.id}`,
    });
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
          {stopped ? (
            <span className="studio-muted">
              · stopped{share?.words.startsWith('ended') ? `, ${share.words}` : ''}
            </span>
          ) : (
            share && <span className="studio-muted">· {shareOnCard(share)}</span>
          )}
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
      <ShipVariant {...theVariant} idBase={`${prefix}__ship`} onStopped={setNow} />
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
              onChange(dropOverrides(partner, pageKey, index), {
                kind: 'remove',
                label: `forget the changes of variant ${variant.id}`,
              });
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
          onChange(updateVariantSettings(partner, pageKey, index, variantSettingsFrom(data)), {
            kind: 'change',
            label: `change the settings of variant ${variant.id}`,
            byField: { of: `variant ${variant.id}` },
          })
        }
      />
      {variant.sections ? (
        <OwnBlocks
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
