import { useRef, useState } from 'react';
import { blocksOf } from '../blocks/blocks.ts';
import { Confirm } from './Confirm.tsx';
import { momentInWords } from '../forms/zonedTime.ts';
import { hasEnded, makeVariantThePage, stopVariant } from './ship.ts';
import type { PartnerDraft, VariantDraft } from '../schema/partnerTypes.ts';
import type { OnEdit } from '../editor/draftActions.ts';

/**
 * "Stop this variant" and "Make this the page" for one variant (in its card and under Test
 * results). Each asks first, in plain words, what visitors will see; both are draft edits, so the
 * review lists them before the save and Undo takes them back.
 */
export function ShipVariant({
  partner,
  pageKey,
  index,
  variant,
  idBase,
  onChange,
  onStatus,
  onStopped,
}: {
  partner: PartnerDraft;
  pageKey: string;
  index: number;
  variant: VariantDraft;
  /** Unique on the screen: the card and the results each have their own. */
  idBase: string;
  onChange: OnEdit;
  onStatus: (status: string) => void;
  /** Told the moment the variant stopped (its card then says so instead of its share). */
  onStopped?: (at: number) => void;
}) {
  const [asking, setAsking] = useState<'stop' | 'ship'>();
  const stopButton = useRef<HTMLButtonElement>(null);
  const shipButton = useRef<HTMLButtonElement>(null);
  // The moment the card was shown or the variant stopped: whether it has ended is read at it.
  const [now, setNow] = useState(() => Date.now());
  const ended = hasEnded(variant, now);
  const end = variant.schedule?.end;
  const blocks = variant.sections?.length ?? blocksOf(partner, pageKey).length;
  const later = 'Nothing changes on the site until you review the change and save it.';
  const close = () => {
    (asking === 'stop' ? stopButton : shipButton).current?.focus();
    setAsking(undefined);
  };
  return (
    <div className="studio-ship" data-ship={variant.id}>
      <div className="studio-row">
        {ended && end ? (
          <p className="studio-muted">Stopped on {momentInWords(end)}: no new visitor gets it.</p>
        ) : (
          <button
            type="button"
            ref={stopButton}
            className="studio-button studio-button-small"
            aria-expanded={asking === 'stop'}
            onClick={() => setAsking('stop')}
          >
            Stop {variant.id}
          </button>
        )}
        <button
          type="button"
          ref={shipButton}
          className="studio-button studio-button-small"
          aria-expanded={asking === 'ship'}
          onClick={() => setAsking('ship')}
        >
          Make {variant.id} the page
        </button>
      </div>
      {asking === 'stop' && (
        <Confirm
          id={`${idBase}-stop`}
          question={`Stop the variant ${variant.id} now?`}
          confirmLabel={`Stop ${variant.id}`}
          onConfirm={() => {
            const at = Date.now();
            setNow(at);
            onStopped?.(at);
            onChange(stopVariant(partner, pageKey, index, at), {
              kind: 'stop',
              label: `stop variant ${variant.id}`,
            });
            setAsking(undefined);
            onStatus(`${variant.id} stops in the draft. Review and save to put it live.`);
          }}
          onCancel={close}
        >
          <p className="studio-help">
            From then on no visitor gets {variant.id}: its share goes to the other versions, by
            their weights. Visitors who had it see one of the other versions on their next visit,
            and still count for {variant.id} in the results. The file records when it stopped. The
            results so far stay under Test results. {later}
          </p>
        </Confirm>
      )}
      {asking === 'ship' && (
        <Confirm
          id={`${idBase}-ship`}
          question={`Make ${variant.id} the page for every visitor?`}
          confirmLabel={`Make ${variant.id} the page`}
          onConfirm={() => {
            onChange(makeVariantThePage(partner, pageKey, index), {
              kind: 'ship',
              label: `make variant ${variant.id} the page`,
            });
            setAsking(undefined);
            onStatus(
              `${variant.id} is the page in the draft and its A/B test ends. Review and save to put it live.`,
            );
          }}
          onCancel={close}
        >
          <p className="studio-help">
            Every visitor will see the page as {variant.id} shows it ({blocks} block
            {blocks === 1 ? '' : 's'}), and the A/B test of this page ends: its variants are removed
            from the file. The results so far stay under Test results. {later}
          </p>
        </Confirm>
      )}
    </div>
  );
}
