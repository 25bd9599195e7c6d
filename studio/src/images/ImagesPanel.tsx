import { useRef, useState } from 'react';
import { studioApi, StudioApiError, type Picture } from '../api/studioApi.ts';
import { maxPictureBytes, maxPictureEdge, pictureTooLarge } from './pictureRules.ts';

/** The path a picture field should use: the optimised copy when there is one. */
export const pictureToUse = (picture: Picture) => (picture.optimised ?? picture.original).path;

const fileName = (path: string) => path.split('/').pop() ?? path;

/** "812 KB", "1.2 MB", "640 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "logo.png 812 KB → logo.opt.png 96 KB (88% smaller)", or why there is no copy. */
export function sizeLine({ original, optimised }: Picture): string {
  if (!optimised) {
    return `${fileName(original.path)} ${formatBytes(original.bytes)}: no smaller copy possible, the original is used`;
  }
  const saved = Math.round((1 - optimised.bytes / original.bytes) * 100);
  const change = saved > 0 ? `${saved}% smaller` : 'resized only';
  return `${fileName(original.path)} ${formatBytes(original.bytes)} → ${fileName(optimised.path)} ${formatBytes(optimised.bytes)} (${change})`;
}

/**
 * Upload pictures and see the partner's pictures. An upload gets an optimised copy beside it
 * (studio/server/optimisePicture.ts; picture fields offer the copy) and is kept with the draft,
 * marked "not saved yet", until the partner is saved: then the pictures the file uses are
 * published in public/partners/{id}/ and the others dropped (studio/server/pictureStaging.ts).
 */
export function ImagesPanel({
  partnerId,
  pictures,
  onUploaded,
}: {
  partnerId: string;
  pictures: Picture[];
  onUploaded: (picture: Picture) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const staged = pictures.filter((picture) => picture.staged).length;

  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setMessage({ error: true, text: 'Choose a picture file first.' });
      return;
    }
    // The server refuses it too, but only once it has all of it.
    if (file.size > maxPictureBytes) {
      setMessage({ error: true, text: pictureTooLarge(file.size) });
      return;
    }
    setBusy(true);
    try {
      const { picture } = await studioApi.upload(partnerId, file);
      const { optimised } = picture;
      const size =
        optimised?.width && optimised.height
          ? ` The copy is ${optimised.width} × ${optimised.height} pixels${optimised.resized ? `, shrunk to fit ${maxPictureEdge}` : ''}.`
          : '';
      setMessage({
        error: false,
        text: `Uploaded ${picture.original.path}. ${sizeLine(picture)}.${size} Pick ${pictureToUse(picture)} in any picture field; it is published with the partner when you save.`,
      });
      onUploaded(picture);
      if (input.current) input.current.value = '';
    } catch (error) {
      setMessage({
        error: true,
        text: error instanceof StudioApiError ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="studio-stack">
      <div className="studio-card studio-stack">
        <h3>Upload a picture</h3>
        <p className="studio-help" id="upload-help">
          SVG, PNG, JPEG or WebP, up to {maxPictureBytes / 1024 / 1024} MB (a phone photo as it is).
          The studio makes an optimised copy (named .opt.): SVG minified, other pictures turned
          upright and shrunk to at most {maxPictureEdge} pixels. Picture fields offer the copy.
          Uploads stay with your draft: saving the partner publishes those a field uses, with their
          originals, in public/partners/{partnerId}/; the others are dropped, as they are when you
          discard your changes.
        </p>
        <div className="studio-field">
          <label htmlFor="upload-file">Picture file</label>
          <input
            id="upload-file"
            ref={input}
            type="file"
            accept=".svg,.png,.jpg,.jpeg,.webp,image/svg+xml,image/png,image/jpeg,image/webp"
            aria-describedby="upload-help"
          />
        </div>
        <button
          type="button"
          className="studio-button studio-button-primary"
          onClick={upload}
          disabled={busy}
        >
          Upload
        </button>
        <p
          role={message?.error ? 'alert' : 'status'}
          className={message?.error ? 'studio-error' : 'studio-ok'}
        >
          {message?.text}
        </p>
      </div>
      <h3>Pictures of this partner</h3>
      {staged > 0 && (
        <p className="studio-help" data-testid="staged-pictures">
          {staged === 1 ? '1 picture is' : `${staged} pictures are`} not saved yet: saving the
          partner publishes {staged === 1 ? 'it if a field uses it' : 'those a field uses'}.
        </p>
      )}
      {pictures.length === 0 ? (
        <p className="studio-muted">None yet. The template's pictures are used until you upload.</p>
      ) : (
        <ul className="studio-images">
          {pictures.map((picture) => (
            <li key={picture.original.path} data-picture={picture.original.path}>
              <img src={pictureToUse(picture)} alt="" />
              <code>{pictureToUse(picture)}</code>
              <span className="studio-image-sizes">{sizeLine(picture)}</span>
              {picture.staged && (
                <span className="studio-badge studio-image-staged">Not saved yet</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
