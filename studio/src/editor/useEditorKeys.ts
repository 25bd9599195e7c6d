import { useEffect, useRef } from 'react';

export interface EditorKeys {
  undo: () => void;
  redo: () => void;
  save: () => void;
}

/**
 * The editor's shortcuts, anywhere in the studio (form fields included: the draft's history, not
 * the field's, is what a person means to undo): Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+S
 * review and save. Cmd on a Mac.
 */
export function useEditorKeys(keys: EditorKeys): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const action =
        key === 'z'
          ? event.shiftKey
            ? latest.current.redo
            : latest.current.undo
          : key === 'y'
            ? latest.current.redo
            : key === 's'
              ? latest.current.save
              : undefined;
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
