import type { Saved } from '../review/useSave.ts';
import { NextSteps } from './NextSteps.tsx';
import { SignOffPanel } from './SignOffPanel.tsx';

/**
 * The editor's sign-off corner, under its header: "Share for sign-off" while open, and after a
 * save "What happens next" (whose steps can open the sharing too).
 */
export function SignOffArea({
  draft,
  sharing,
  onSharing,
  saved,
  onRecord,
  onSavedSeen,
}: {
  draft: { id: string; isNew: boolean; dirty: boolean };
  sharing: boolean;
  onSharing: (open: boolean) => void;
  saved: Saved | undefined;
  onRecord: () => Promise<void>;
  onSavedSeen: () => void;
}) {
  return (
    <>
      {sharing && <SignOffPanel {...draft} onClose={() => onSharing(false)} />}
      {saved && (
        <NextSteps
          saved={saved}
          onRecord={onRecord}
          onShare={() => onSharing(true)}
          onDismiss={onSavedSeen}
        />
      )}
    </>
  );
}
