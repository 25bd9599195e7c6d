import { useRef, useState } from 'react';
import { studioApi, StudioApiError } from './api.ts';

/** Upload pictures into public/partners/{id}/ and see what is already there. */
export function ImagesPanel({
  partnerId,
  images,
  onUploaded,
}: {
  partnerId: string;
  images: string[];
  onUploaded: (path: string) => void;
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
      const { path } = await studioApi.upload(partnerId, file);
      setMessage({ error: false, text: `Uploaded ${path}. Pick it in any picture field.` });
      onUploaded(path);
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
          SVG, PNG, JPEG or WebP, at most 1 MB. It is stored in public/partners/{partnerId}/ and can
          then be chosen in any picture field (logo, hero backgrounds, banners).
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
      {images.length === 0 ? (
        <p className="studio-muted">None yet. The template's pictures are used until you upload.</p>
      ) : (
        <ul className="studio-images">
          {images.map((path) => (
            <li key={path}>
              <img src={path} alt="" />
              <code>{path}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
