import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * Accessibility helpers for the end-to-end tests: axe-core on a real page, keyboard-only moves
 * (Tab to a control, choose in a Radix select), and the WCAG 2.2 checks axe cannot make (visible
 * focus, reflow and clipping, target size, error announcement).
 */

/** The WCAG 2.2 A and AA rules of axe-core. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface Violation {
  id: string;
  help: string;
  targets: string[];
}

/**
 * Waits for the page's transitions and animations that end to finish (at most 3 s): axe reads
 * sizes and colours, and a card still sliding into place after a drag, or a button between its
 * two colours, is neither the page before nor after. A faster page reached axe mid-transition
 * (seen with the studio's production build: target size, then contrast).
 */
async function atRest(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
      );
    if (ending.length === 0) return;
    await Promise.race([
      Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
}

/** axe-core's WCAG 2.2 A/AA violations on the page as it is now ([] when there are none). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, so the site's Content-Security-Policy does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await atRest(page);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    // Only the violations are read: axe then details one node of each passing or inapplicable
    // rule instead of all of them. The same rules run, in a third to two thirds less page time
    // (measured on the showcase landing page).
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, wcagTags);
}

export interface FocusStop {
  /** Tag, id and accessible-ish name of the focused element. */
  label: string;
  tag: string;
  id: string;
  name: string;
  /** A visible outline of 2px or more, or a box-shadow ring, is drawn around it. */
  focusVisible: boolean;
}

/**
 * What has keyboard focus, and whether it shows a focus indicator (read two frames later, so a
 * focus that a script moves after the key press has landed). `{ frames: 0 }` reads it at once:
 * Tab itself moves focus before the key press returns, and the ring's transition is finished
 * below, so a sweep of Tab presses need not wait two frames at every stop.
 */
export function focused(page: Page, { frames = 2 } = {}): Promise<FocusStop> {
  return page.evaluate(async (waitFrames) => {
    for (let frame = 0; frame < waitFrames; frame += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { label: 'body', tag: 'body', id: '', name: '', focusVisible: false };
    }
    // The focus ring fades in (a CSS transition, 0.01 ms under reduced motion): a busy machine
    // can read it at the transition's first frame, transparent. The ring it settles on is what
    // counts, so running transitions are finished first.
    for (const animation of element.getAnimations()) {
      if (animation instanceof CSSTransition) animation.finish();
    }
    const style = getComputedStyle(element);
    // A transparent outline draws nothing (the controls keep one for forced-colours mode, where
    // the system paints it): it is no focus indicator here.
    const transparent = (color: string) =>
      color === 'transparent' || /^rgba\([^)]*,\s*0\)$/.test(color);
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) >= 2 &&
      !transparent(style.outlineColor);
    const ring = style.boxShadow !== 'none' && !/^rgba\(0, 0, 0, 0\)/.test(style.boxShadow);
    const labelledBy = element.getAttribute('aria-labelledby');
    const name = (
      element.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy.split(' ')[0] ?? '')?.textContent : null) ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      ''
    )
      .replace(/\s+/g, ' ')
      .trim();
    return {
      label: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name.slice(0, 60)}"`,
      tag: element.tagName.toLowerCase(),
      id: element.id,
      name,
      focusVisible: outline || ring,
    };
  }, frames);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused control matches, recording every stop
 * on the way, so the test can check each one showed its focus. Fails after `max` presses.
 */
export async function tabTo(
  page: Page,
  matches: (stop: FocusStop) => boolean,
  stops: FocusStop[],
  { max = 60, backwards = false } = {},
): Promise<FocusStop> {
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const stop = await focused(page);
    if (stop.tag !== 'body') stops.push(stop);
    if (matches(stop)) return stop;
  }
  throw new Error(
    `Tab never reached the control; stops were:\n${stops
      .slice(-max)
      .map((stop) => stop.label)
      .join('\n')}`,
  );
}

/**
 * Picks `option` in the focused Radix select with the keyboard only: `openWith` opens the list,
 * the arrow keys move, Enter chooses. Returns the trigger's text afterwards.
 */
export async function chooseWithKeyboard(
  page: Page,
  option: string,
  openWith: 'Enter' | 'Space' | 'ArrowDown',
): Promise<string> {
  const trigger = await page.evaluateHandle(() => document.activeElement);
  await page.keyboard.press(openWith);
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const highlightedSelector = '[role="option"][data-highlighted]';
  const highlighted = page.locator(highlightedSelector);
  // Radix highlights an option a moment after the list opens; give it that moment.
  await highlighted.waitFor({ timeout: 1000 }).catch(() => undefined);
  let current = (await highlighted.count()) > 0 ? (await highlighted.innerText()).trim() : '';
  for (let press = 0; press < 12 && current !== option; press += 1) {
    await page.keyboard.press('ArrowDown');
    // Read the highlight only once it has moved: a slow machine otherwise reads the old one and
    // presses again, landing past the option.
    await page.waitForFunction(
      ({ selector, before }) =>
        (document.querySelector<HTMLElement>(selector)?.innerText.trim() ?? '') !== before,
      { selector: highlightedSelector, before: current },
    );
    current = (await highlighted.innerText()).trim();
  }
  if (current !== option) throw new Error(`The option "${option}" was never highlighted`);
  await page.keyboard.press('Enter');
  await listbox.waitFor({ state: 'detached' });
  // Radix hands focus back to the trigger just after the list closes; Tab only once it has.
  await page.waitForFunction((element) => document.activeElement === element, trigger);
  const text = await trigger.evaluate((element) => (element as HTMLElement).innerText.trim());
  await trigger.dispose();
  return text;
}

export interface FieldErrorState {
  /** The focused control after the submit attempt. */
  focusedId: string;
  invalid: boolean;
  /** The text of the element named by aria-describedby. */
  message: string;
  /** That element is (inside) a live region, so the message is announced when it appears. */
  announced: boolean;
}

/** The focused control's error wiring: aria-invalid, aria-describedby and a live region. */
export function focusedFieldError(page: Page): Promise<FieldErrorState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const describedBy = element.getAttribute('aria-describedby') ?? '';
    const descriptions = describedBy
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((node): node is HTMLElement => node !== null);
    const message = descriptions.map((node) => node.textContent?.trim() ?? '').join(' ');
    const announced = descriptions.some(
      (node) =>
        node.closest(
          '[aria-live="polite"], [aria-live="assertive"], [role="alert"], [role="status"]',
        ) !== null,
    );
    return {
      focusedId: element.id,
      invalid: element.getAttribute('aria-invalid') === 'true',
      message,
      announced,
    };
  });
}

/**
 * WCAG 1.4.10 reflow: the page does not scroll sideways, nothing visible sticks out of the
 * viewport, and no element with hidden overflow cuts its text off. Returns the problems found.
 */
export function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width + 1) {
      problems.push(`the page scrolls sideways (${root.scrollWidth}px content in ${width}px)`);
    }
    // Slides the carousel has moved out of view, hidden text for screen readers and the skip
    // link (off-screen until focused) are meant to be outside the viewport.
    const skip =
      '.visually-hidden, [aria-hidden="true"], .skip-link, .swiper-slide:not(.swiper-slide-active)';
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.closest(skip)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // (No helper functions in here: the page runs this code, without the test's bundler helpers.)
      const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      const inCarousel =
        element.closest('.swiper') !== null && !element.classList.contains('swiper');
      if (!inCarousel && (box.right > width + 1 || box.left < -1)) {
        problems.push(
          `${label} sticks out of the viewport (${Math.round(box.left)}..${Math.round(box.right)} of ${width})`,
        );
      }
      const clips =
        ['hidden', 'clip'].includes(style.overflowX) ||
        ['hidden', 'clip'].includes(style.overflowY) ||
        style.textOverflow === 'ellipsis';
      if (!clips || element.classList.contains('swiper') || element.tagName === 'IMG') continue;
      if (!(element.textContent ?? '').trim()) continue;
      const html = element as HTMLElement;
      if (html.scrollWidth > html.clientWidth + 1 || html.scrollHeight > html.clientHeight + 1) {
        problems.push(
          `${label} cuts off its content (${html.scrollWidth}x${html.scrollHeight} in ${html.clientWidth}x${html.clientHeight})`,
        );
      }
    }
    return problems;
  });
}

/**
 * WCAG 2.5.8 target size (minimum): every visible control is at least 24 by 24 CSS pixels, except
 * links inside a sentence (the inline exception).
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="combobox"], [role="option"], [tabindex]:not([tabindex="-1"])';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (element.classList.contains('skip-link')) continue;
      const inline = element.tagName === 'A' && element.closest('p') !== null;
      if (inline) continue;
      if (box.width < 24 || box.height < 24) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
        small.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" is ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/**
 * WCAG 2.4.7 focus visible: Tabs through the whole page once, from the top, and returns every
 * control that showed no focus indicator (and the number of controls reached).
 */
export async function controlsWithoutVisibleFocus(
  page: Page,
  max = 120,
): Promise<{ reached: number; unfocused: string[] }> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const seen: FocusStop[] = [];
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await focused(page, { frames: 0 });
    if (stop.tag === 'body' || (seen.length > 0 && stop.label === seen[0]?.label)) break;
    seen.push(stop);
  }
  return {
    reached: seen.length,
    unfocused: seen.filter((stop) => !stop.focusVisible).map((stop) => stop.label),
  };
}

/**
 * Nothing covers content or spills out of its section: every heading, paragraph, control and
 * meaningful picture is the top element at its centre (or contains it), and no content of a page
 * section reaches above or below that section. Checks the whole page, so make the viewport as tall
 * as the page first (elementFromPoint only sees the viewport).
 */
export function overlapProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const skip =
      '.visually-hidden, [aria-hidden="true"], .skip-link, .swiper-slide:not(.swiper-slide-active)';
    const content = document.querySelectorAll<HTMLElement>(
      'h1, h2, h3, p, li, a[href], button, label, input, figcaption, dt, dd, img:not([alt=""])',
    );
    for (const element of Array.from(content)) {
      if (element.closest(skip)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || top === element || element.contains(top) || top.contains(element)) continue;
      const name = (element.getAttribute('alt') ?? element.textContent ?? '').trim().slice(0, 40);
      const cover = `${top.tagName.toLowerCase()}.${[...top.classList].join('.')}`;
      problems.push(`${element.tagName.toLowerCase()} "${name}" is covered by ${cover}`);
    }
    const sections = document.querySelectorAll<HTMLElement>('main > section, body footer');
    for (const section of Array.from(sections)) {
      const bounds = section.getBoundingClientRect();
      for (const element of Array.from(section.querySelectorAll<HTMLElement>('*'))) {
        if (element.closest(skip)) continue;
        const style = getComputedStyle(element);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.top < bounds.top - 1 || box.bottom > bounds.bottom + 1) {
          const name = (element.textContent ?? '').trim().slice(0, 40);
          problems.push(
            `${element.tagName.toLowerCase()} "${name}" spills out of its section "${section.getAttribute('aria-labelledby') ?? section.tagName}" (${Math.round(box.top)}..${Math.round(box.bottom)} of ${Math.round(bounds.top)}..${Math.round(bounds.bottom)})`,
          );
          break;
        }
      }
    }
    return problems;
  });
}
