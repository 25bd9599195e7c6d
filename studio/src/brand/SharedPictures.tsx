import { useEffect, useRef, useState } from 'react';
import { withValueAt } from '../diff/pointers.ts';
import type { StudioFormContext } from '../forms/formContext.ts';
import { UploadRefused } from '../images/uploadPicture.ts';
import { isPartnerDraft } from '../schema/partnerDraft.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import type { OnEdit } from '../editor/draftActions.ts';
import { sharedPictures, type SharedPicture } from './brand.ts';
import '../images/pictures.css';
import './brand.css';

/** "the demo partner" */
const ownerWords = (owner: string) => `the ${owner} partner`;

/**
 * The pictures the partner still shows from the partner it was made from (a partner made from
 * the demo keeps the demo's logo, hero and banners), each with "Replace", which opens the file
 * chooser for that field at once: the chosen file is uploaded and set in one step, one edit.
 */
export function SharedPictures({
  partner,
  context,
  onChange,
}: {
  partner: PartnerDraft;
  context: StudioFormContext;
  onChange: OnEdit;
}) {
  const id = partner.id ?? '';
  const shared = sharedPictures(partner, id);
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const target = useRef<SharedPicture>(undefined);
  // The upload ends after the person may have edited again: the edit goes on the latest draft.
  const latest = useRef(partner);
  useEffect(() => {
    latest.current = partner;
  }, [partner]);
  const [busy, setBusy] = useState<string>();
  const [note, setNote] = useState<{ error: boolean; text: string; warning?: string }>();
  const upload = context.uploadPicture;

  const replace = (picture: SharedPicture) => {
    target.current = picture;
    input.current?.click();
  };

  const chosen = async (file: File) => {
    const picture = target.current;
    if (!picture || !upload) return;
    setBusy(picture.pointer);
    setNote({ error: false, text: `Uploading ${file.name} for ${picture.place}…` });
    try {
      const uploaded = await upload(file, !picture.pointer.endsWith('/faviconSrc'));
      const next = withValueAt(latest.current, picture.pointer, uploaded.path);
      if (!isPartnerDraft(next)) throw new UploadRefused('The picture could not be set.');
      onChange(next, { kind: 'change', label: `replace the picture of ${picture.place}` });
      setNote({
        error: false,
        text: `${picture.place}: now ${file.name}, published with the partner when you save. Undo puts ${ownerWords(picture.owner)}'s picture back.`,
        warning: uploaded.warning,
      });
      // Its row goes: the list's heading keeps the focus.
      heading.current?.focus();
    } catch (error) {
      setNote({
        error: true,
        text: error instanceof UploadRefused ? error.message : String(error),
      });
    } finally {
      setBusy(undefined);
    }
  };

  const owners = [...new Set(shared.map((picture) => picture.owner))];
  return (
    <section className="studio-card studio-stack" aria-labelledby="shared-pictures-heading">
      <h3 id="shared-pictures-heading" ref={heading} tabIndex={-1}>
        {shared.length === 0
          ? 'Pictures: all of them are this partner’s own'
          : `Pictures still from ${owners.map(ownerWords).join(' and ')} (${shared.length})`}
      </h3>
      {shared.length > 0 && (
        <>
          <p className="studio-help">
            This partner’s visitors see these pictures as they are on the pages they came from.
            Replace each with this partner’s own: choose a file, and it is uploaded, made lighter
            and used at once.
          </p>
          <input
            ref={input}
            type="file"
            className="studio-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            accept=".svg,.png,.jpg,.jpeg,.webp,image/svg+xml,image/png,image/jpeg,image/webp"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void chosen(file);
            }}
          />
          <ul className="studio-shared-pictures">
            {shared.map((picture) => (
              <li key={picture.pointer} data-pointer={picture.pointer}>
                <img src={picture.path} alt="" />
                <span>
                  {picture.place}
                  <code>{picture.path}</code>
                </span>
                <button
                  type="button"
                  className="studio-button studio-button-small"
                  aria-label={`Replace: ${picture.place}`}
                  disabled={busy !== undefined || !upload}
                  onClick={() => replace(picture)}
                >
                  {busy === picture.pointer ? 'Uploading…' : 'Replace'}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div aria-live="polite">
        {note && (
          <p className={`studio-asset-note ${note.error ? 'studio-error' : ''}`}>{note.text}</p>
        )}
        {note?.warning && <p className="studio-asset-note studio-asset-weight">{note.warning}</p>}
      </div>
    </section>
  );
}
