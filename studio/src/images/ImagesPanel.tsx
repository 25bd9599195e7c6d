import { useRef, useState } from 'react';
import { studioApi, StudioApiError, type Picture } from '../api/studioApi.ts';
import { maxPictureEdge } from './pictureRules.ts';

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
 * Upload pictures into public/partners/{id}/ and see what is already there. Each upload gets an
 * optimised copy beside it (studio/server/optimisePicture.ts); picture fields offer the copy.
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

  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setMessage({ error: true, text: 'Choose a picture file first.' });
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
        text: `Uploaded ${picture.original.path}. ${sizeLine(picture)}.${size} Pick ${pictureToUse(picture)} in any picture field.`,
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
          SVG, PNG, JPEG or WebP, at most 1 MB. It is stored in public/partners/{partnerId}/ with an
          optimised copy beside it (named .opt.): SVG minified, other pictures shrunk to at most{' '}
          {maxPictureEdge} pixels and re-encoded. Picture fields (logo, hero backgrounds, banners)
          offer the copy; the original is kept as the source.
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
      {pictures.length === 0 ? (
        <p className="studio-muted">None yet. The template's pictures are used until you upload.</p>
      ) : (
        <ul className="studio-images">
          {pictures.map((picture) => (
            <li key={picture.original.path} data-picture={picture.original.path}>
              <img src={pictureToUse(picture)} alt="" />
              <code>{pictureToUse(picture)}</code>
              <span className="studio-image-sizes">{sizeLine(picture)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
