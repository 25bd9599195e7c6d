import { useState } from 'react';
import type { Picture } from '../api/studioApi.ts';
import { PictureFileButton } from './PictureFileButton.tsx';
import {
  formatBytes,
  maxPictureBytes,
  maxPictureEdge,
  pictureWeightWarning,
} from './pictureRules.ts';
import {
  fileToUse,
  isDrawnAsPair,
  pictureToUse,
  uploadPicture,
  UploadRefused,
} from './uploadPicture.ts';
import './pictures.css';

export { formatBytes, pictureToUse };

const fileName = (path: string) => path.split('/').pop() ?? path;

/** The weight warning of an upload (the browser tab's icon is no picture in the page). */
const weightOf = (picture: Picture) =>
  /favicon/.test(picture.original.path) ? undefined : pictureWeightWarning(fileToUse(picture));

/**
 * "logo.png 812 KB → logo.opt.png 96 KB (88% smaller)", "logo.svg 6 KB → logo.2x.webp 9 KB
 * (drawn as a picture …)", or why there is no copy.
 */
export function sizeLine(picture: Picture): string {
  const { original, optimised } = picture;
  if (!optimised) {
    return `${fileName(original.path)} ${formatBytes(original.bytes)}: no smaller copy possible, the original is used`;
  }
  if (isDrawnAsPair(picture)) {
    return `${fileName(original.path)} ${formatBytes(original.bytes)} → ${fileName(optimised.path)} ${formatBytes(optimised.bytes)} (drawn as a picture, which a phone shows faster than a detailed drawing)`;
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
  const [message, setMessage] = useState<{ error: boolean; text: string; warning?: string }>();
  const [busy, setBusy] = useState(false);
  const staged = pictures.filter((picture) => picture.staged).length;

  // Choosing the file uploads it: there is no second step.
  const upload = async (file: File) => {
    setBusy(true);
    setMessage({ error: false, text: `Uploading ${file.name}…` });
    try {
      const { picture, path, warning } = await uploadPicture(partnerId, file, onUploaded);
      const { optimised } = picture;
      const size = !(optimised?.width && optimised.height)
        ? ''
        : isDrawnAsPair(picture)
          ? ` It is drawn at ${optimised.width} × ${optimised.height} pixels, the size the drawing gives, and at twice that for sharp screens.`
          : ` The copy is ${optimised.width} × ${optimised.height} pixels${optimised.resized ? `, shrunk to fit ${maxPictureEdge}` : ''}.`;
      setMessage({
        error: false,
        text: `Uploaded ${file.name}. ${sizeLine(picture)}.${size} Any picture field can now use ${fileName(path)}; it is published with the partner when you save.`,
        warning,
      });
    } catch (error) {
      setMessage({
        error: true,
        text: error instanceof UploadRefused ? error.message : String(error),
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
          The studio makes an optimized copy (named .opt.): SVG minified, other pictures turned
          upright and shrunk to at most {maxPictureEdge} pixels. A detailed drawing (text,
          gradients, or more than a few shapes) is drawn as a picture instead (named .2x.webp, with
          a .1x.webp for ordinary screens), because phones show a picture faster. Picture fields use
          the copy, and each field has its own upload button that sets the field at once. Uploads
          stay with your draft: saving the partner publishes the copies a field uses (not the
          originals); the others are dropped, as they are when you discard your changes.
        </p>
        <PictureFileButton
          id="upload-file"
          label="Choose a picture to upload"
          busy={busy}
          describedBy="upload-help"
          onFile={(file) => void upload(file)}
        />
        <div aria-live="polite">
          {message && (
            <p
              role={message.error ? 'alert' : undefined}
              className={message.error ? 'studio-error' : 'studio-ok'}
            >
              {message.text}
            </p>
          )}
          {message?.warning && (
            <p className="studio-asset-note studio-asset-weight">{message.warning}</p>
          )}
        </div>
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
              {picture.staged && weightOf(picture) && (
                <span className="studio-asset-note studio-asset-weight">{weightOf(picture)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
