import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A keyboard drag in the studio's block lists, the one way every test does it: the handle must
 * have focus. Space picks the block up (its place is announced), then the arrow keys and the space
 * that drops it go back to back, as from someone holding an arrow key: the studio's keyboard
 * sensor (studio/src/blocks/blockKeyboard.ts) counts every key, so the drop is announced at the
 * place the keys add up to.
 */
export async function keyboardDrag(
  page: Page,
  {
    live,
    label,
    from,
    to,
    count,
    where = '',
  }: {
    /** The text of the list's live region (dnd-kit's announcements). */
    live: () => Promise<string>;
    /** The block as announced: "Faq (faq)". */
    label: string;
    from: number;
    to: number;
    count: number;
    /** What the list adds to its announcements: " in variant whole". */
    where?: string;
  },
) {
  const name = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.keyboard.press('Space');
  await expect
    .poll(live, { timeout: 10_000 })
    .toMatch(new RegExp(`${name}.* position ${from} of ${count}`));
  const arrow = to < from ? 'ArrowUp' : 'ArrowDown';
  for (let moves = Math.abs(to - from); moves > 0; moves -= 1) await page.keyboard.press(arrow);
  await page.keyboard.press('Space');
  await expect
    .poll(live, { timeout: 10_000 })
    .toMatch(new RegExp(`${name} dropped at position ${to} of ${count}${where}`));
}
