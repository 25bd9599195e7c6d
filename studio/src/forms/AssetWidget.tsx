import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { TextWidget } from '../../../src/forms/theme/index.ts';
import { PictureFileButton } from '../images/PictureFileButton.tsx';
import { formatBytes } from '../images/pictureRules.ts';
import { fileToUse, isDrawnAsPair, UploadRefused } from '../images/uploadPicture.ts';
import '../images/pictures.css';
import type { StudioFormContext } from './formContext.ts';

const fileName = (path: string) => path.split('/').pop() ?? path;

/** "logo.opt.png, uploaded for this partner" or "logo.2x.webp, the demo partner's picture". */
function pictureWords(path: string, partnerId: string | undefined): string {
  const owner = /^\/partners\/([a-z0-9-]+)\//.exec(path)?.[1];
  if (!owner || owner === partnerId) return fileName(path);
  return `${fileName(path)}, the ${owner} partner's picture`;
}

/**
 * A picture field: its thumbnail, an upload in one step (choosing a file uploads it and sets the
 * field to its optimised copy, with a plain warning when the copy is still heavy), the partner's
 * other pictures to choose from, and the path itself (the labelled field) for whoever types it.
 */
export function AssetWidget(props: WidgetProps) {
  const context = props.registry.formContext as StudioFormContext;
  const value = typeof props.value === 'string' ? props.value : '';
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ error: boolean; text: string; warning?: string }>();
  const choices = [...new Set([...(value ? [value] : []), ...context.images])];
  const label = (props.label || 'picture').toLowerCase();
  const inPage = !props.id.endsWith('faviconSrc');
  const upload = context.uploadPicture;

  const chosen = async (file: File) => {
    if (!upload) return;
    setBusy(true);
    setNote({ error: false, text: `Uploading ${file.name}…` });
    try {
      const uploaded = await upload(file, inPage);
      props.onChange(uploaded.path);
      const { original, optimised } = uploaded.picture;
      const size = !optimised
        ? formatBytes(fileToUse(uploaded.picture).bytes)
        : isDrawnAsPair(uploaded.picture)
          ? `${formatBytes(optimised.bytes)} (drawn as a picture from the drawing of ${formatBytes(original.bytes)}, so phones show it faster)`
          : `${formatBytes(optimised.bytes)} (optimized from ${formatBytes(original.bytes)})`;
      setNote({
        error: false,
        text: `${file.name} is now the ${label}: ${size}. It is published with the partner when you save; Undo puts the picture before it back.`,
        warning: uploaded.warning,
      });
    } catch (error) {
      setNote({
        error: true,
        text: error instanceof UploadRefused ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="studio-asset">
      <TextWidget {...props} />
      <div className="studio-asset-current">
        {value && /\.(svg|png|jpe?g|webp|avif)$/.test(value) && (
          <img className="studio-thumb" src={value} alt="" />
        )}
        <div className="studio-asset-actions">
          {upload && (
            <PictureFileButton
              id={`${props.id}__upload`}
              label={value ? `Upload a new ${label}` : `Upload the ${label}`}
              busy={busy}
              describedBy={`${props.id}__upload-note`}
              onFile={(file) => void chosen(file)}
            />
          )}
          {choices.length > 1 && (
            <label className="studio-asset-pick">
              <span>Or use a picture already here</span>
              <select
                id={`${props.id}__pick`}
                value={value}
                onChange={(event) => props.onChange(event.target.value || undefined)}
              >
                {!value && <option value="">(choose a picture)</option>}
                {choices.map((path) => (
                  <option key={path} value={path}>
                    {pictureWords(path, context.partnerId)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      </div>
      <div id={`${props.id}__upload-note`} aria-live="polite">
        {note && (
          <p
            className={`studio-asset-note ${note.error ? 'studio-error' : ''}`}
            role={note.error ? 'alert' : undefined}
          >
            {note.text}
          </p>
        )}
        {note?.warning && <p className="studio-asset-note studio-asset-weight">{note.warning}</p>}
      </div>
    </div>
  );
}
