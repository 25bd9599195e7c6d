import { forwardRef, type ChangeEvent } from 'react';

/** The picture formats the studio takes, for the file chooser. */
const accepted = '.svg,.png,.jpg,.jpeg,.webp,image/svg+xml,image/png,image/jpeg,image/webp';

/**
 * A file chooser drawn as one of the studio's buttons, with its words visible ("Upload a new
 * logo") rather than the browser's bare "Choose File". The input itself stays in the page,
 * visually hidden, so the keyboard and screen readers reach it by its label; the label shows
 * its focus. Choosing a file hands it over at once (no second "Upload" step).
 */
export const PictureFileButton = forwardRef<
  HTMLInputElement,
  {
    id: string;
    label: string;
    busy?: boolean;
    describedBy?: string;
    onFile: (file: File) => void;
  }
>(function PictureFileButton({ id, label, busy = false, describedBy, onFile }, ref) {
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a refusal.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <label className="studio-button studio-file-button" data-busy={busy || undefined}>
      <input
        id={id}
        ref={ref}
        type="file"
        className="studio-visually-hidden"
        accept={accepted}
        aria-describedby={describedBy}
        disabled={busy}
        onChange={chosen}
      />
      {busy ? 'Uploading…' : label}
    </label>
  );
});
