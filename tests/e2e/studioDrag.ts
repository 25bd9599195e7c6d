import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A keyboard drag in the studio's block lists (dnd-kit's keyboard sensor), the one way every test
 * does it. The handle must have focus. Three things lost a move on a busy machine:
 * - the page moving under the list: the checker's answer to the last edit arrives a moment later
 *   and the problem list and header above the blocks change height; a drag picked up meanwhile
 *   measured the blocks before the shift and the dragged one after it, one place off. So the check
 *   settles first (the header no longer says "Checking…");
 * - the sensor listens for the arrow keys only from a zero-delay timer it sets when it announces
 *   the pick-up (KeyboardSensor.attach): a timer set after the announcement runs after it;
 * - each move is measured after it is drawn: the next key waits for its announcement.
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
  await page
    .getByTestId('draft-state')
    .filter({ hasNotText: 'Checking…' })
    .waitFor({ timeout: 20_000 });
  await page.keyboard.press('Space');
  await expect
    .poll(live, { timeout: 10_000 })
    .toMatch(new RegExp(`${name}.* position ${from} of ${count}`));
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  const step = to < from ? -1 : 1;
  for (let position = from + step; position !== to + step; position += step) {
    await page.keyboard.press(step < 0 ? 'ArrowUp' : 'ArrowDown');
    await expect
      .poll(live, { timeout: 10_000 })
      .toMatch(new RegExp(`${name} is over position ${position} of ${count}${where}`));
  }
  await page.keyboard.press('Space');
  await expect
    .poll(live, { timeout: 10_000 })
    .toMatch(new RegExp(`${name} dropped at position ${to} of ${count}${where}`));
}
