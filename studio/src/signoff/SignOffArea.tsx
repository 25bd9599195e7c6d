import type { SaveResponse } from '../api/studioApi.ts';
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
  onSavedSeen,
}: {
  draft: { id: string; isNew: boolean; dirty: boolean };
  sharing: boolean;
  onSharing: (open: boolean) => void;
  saved: SaveResponse | undefined;
  onSavedSeen: () => void;
}) {
  return (
    <>
      {sharing && <SignOffPanel {...draft} onClose={() => onSharing(false)} />}
      {saved && <NextSteps saved={saved} onShare={() => onSharing(true)} onDismiss={onSavedSeen} />}
    </>
  );
}
