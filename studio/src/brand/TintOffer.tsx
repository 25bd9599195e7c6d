import { useState } from 'react';
import type { BrandContext } from '../forms/formContext.ts';
import { backgroundTints, isHexColor, matchesBrand } from './tints.ts';
import './brand.css';

/** "the hero and cards, tinted blocks and the claim-offer pages" */
const listWords = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * Beside the brand color: when the backgrounds no longer go with it (the demo's lavender behind
 * a new green), light tints of the new color for them, each readable with the text color, set
 * in one click as one edit (one Undo takes it back).
 */
export function TintOffer({
  brandColor,
  textColor,
  brand,
  fieldId,
}: {
  brandColor: string;
  textColor: string;
  brand: BrandContext;
  fieldId: string;
}) {
  const [applied, setApplied] = useState<string>();
  if (!isHexColor(brandColor)) return null;
  const unmatched = brand.backgrounds.filter((bg) => !matchesBrand(bg.value, brandColor));
  const tints = backgroundTints(brandColor, textColor);
  const headingId = `${fieldId}__tints`;

  // Said once the tint is in (and not after an Undo takes it back).
  const done =
    applied && unmatched.length === 0 && brand.backgrounds.every((bg) => bg.value === applied)
      ? `The backgrounds are now ${applied}, a light tint of the brand color. Undo puts the earlier ones back.`
      : '';
  const status = (
    <p className="studio-tint-done" role="status">
      {done}
    </p>
  );
  const apply = (tint: string) => {
    brand.applyTint(tint);
    setApplied(tint);
    // The offer goes once the backgrounds match: focus stays on the brand color.
    document.getElementById(fieldId)?.focus();
  };
  return (
    // The status line stays in its place whether the offer shows, so a screen reader hears it.
    <>
      {unmatched.length > 0 && (
        <div className="studio-tint-offer" role="group" aria-labelledby={headingId}>
          <p id={headingId} className="studio-tint-title">
            The backgrounds of {listWords(unmatched.map((bg) => bg.words))} (
            {[...new Set(unmatched.map((bg) => bg.value))].join(', ')}) do not go with this brand
            color.
            {tints.length > 0
              ? ' Use a light tint of it instead:'
              : ' No light tint of it can be read with the text color: pick the backgrounds yourself.'}
          </p>
          {tints.length > 0 && (
            <ul className="studio-tints">
              {tints.map((tint) => (
                <li key={tint.hex}>
                  <button
                    type="button"
                    className="studio-button studio-button-small studio-tint"
                    onClick={() => apply(tint.hex)}
                  >
                    <span
                      className="studio-tint-sample"
                      style={{ background: tint.hex, color: textColor }}
                      aria-hidden="true"
                    >
                      Aa
                    </span>
                    <span>
                      Use {tint.hex}
                      <span className="studio-tint-contrast">
                        text reads at {tint.contrast.toFixed(1)}:1
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {status}
    </>
  );
}
