/**
 * Focuses the first of some elements (by id, each tried as its fieldset's legend first) once it
 * is on the page, for a "Show me". The ids go from the most precise (the field) to the fallback
 * (its block's heading): the heading is drawn at once, a block's form a moment later (on a slow
 * machine a long moment), so the fallback is focused while the field is awaited, and the field
 * takes focus when it comes, unless the person has moved focus elsewhere meanwhile.
 *
 * Returns a function that stops watching.
 */
export function focusWhenDrawn(
  ids: readonly string[],
  { root = document, giveUpAfterMs = 10_000 }: { root?: Document; giveUpAfterMs?: number } = {},
): () => void {
  /** The rank (index in ids) of the element focused so far; ids.length: none yet. */
  let focusedRank = ids.length;
  let focused: HTMLElement | undefined;
  const find = (id: string) =>
    root.getElementById(`${id}__legend`) ?? root.getElementById(id) ?? undefined;

  /** True once there is nothing better to wait for. */
  const focusBest = (): boolean => {
    // The person moved on (a click, a key) since the fallback was focused: theirs stands.
    if (focused && root.activeElement !== focused && !focused.contains(root.activeElement)) {
      return true;
    }
    for (let rank = 0; rank < focusedRank; rank += 1) {
      const element = find(ids[rank] ?? '');
      if (!element) continue;
      element.scrollIntoView({ block: 'center' });
      element.focus();
      focused = element;
      focusedRank = rank;
      break;
    }
    return focusedRank === 0;
  };

  const view = root.defaultView;
  if (!view) return () => undefined;
  const observer = new view.MutationObserver(() => {
    if (focusBest()) stop();
  });
  const frame = view.requestAnimationFrame(() => {
    if (!focusBest()) observer.observe(root.body, { childList: true, subtree: true });
  });
  const timer = view.setTimeout(() => observer.disconnect(), giveUpAfterMs);
  function stop() {
    view?.cancelAnimationFrame(frame);
    view?.clearTimeout(timer);
    observer.disconnect();
  }
  return stop;
}
