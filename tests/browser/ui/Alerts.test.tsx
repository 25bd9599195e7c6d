import { createStore, Provider as JotaiProvider } from 'jotai';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { alertAtom, type AlertState, type AlertType } from '../../../src/state/ui.ts';
import { Alerts } from '../../../src/ui/Alerts/Alerts.tsx';
import { cleanup, mount } from '../support/render.tsx';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

/** Spec §8 default texts, word for word. */
const defaults: Record<AlertType, string> = {
  SUCCESS: 'Operation completed successfully',
  INFO: 'There might be more information',
  WARNING: 'Warning',
  ERROR: 'There was an error, please try again later or contact support',
};

const titles: Record<AlertType, string> = {
  SUCCESS: 'Done',
  INFO: 'Note',
  WARNING: 'Warning',
  ERROR: 'Something went wrong',
};

function renderAlerts(initial?: AlertState) {
  const store = createStore();
  if (initial) store.set(alertAtom, initial);
  mount(
    <JotaiProvider store={store}>
      <Alerts />
    </JotaiProvider>,
  );
  return store;
}

/** The toast itself: Radix renders it as a list item in the notifications region. */
const toast = () => document.querySelector<HTMLElement>('[data-alert-type]');
const description = () => toast()?.querySelector(':scope > div:nth-of-type(2)')?.textContent;
const closeButton = () => page.getByRole('button', { name: 'Close notification' });

/**
 * For the tests of the 10 s timer: nothing but the test pauses it. Radix pauses a toast's timer
 * while the pointer is over the notifications (a visitor reading it) and while the window is not
 * focused, as it should. An earlier test's click leaves the pointer where the close button was
 * (Chromium sends a mouse move when a new toast is laid out under it), and another test file's
 * frame may take the focus: so the pointer is moved to the page's other corner, and the window's
 * blur is kept from Radix (a capture listener on window, added before Radix's, runs first and
 * stops it) until the test ends.
 */
async function nothingPausesTheTimer() {
  const corner = document.createElement('div');
  corner.style.cssText = 'position: fixed; top: 0; left: 0; width: 8px; height: 8px;';
  document.body.append(corner);
  await userEvent.hover(corner);
  const keepBlur = (event: Event) => event.stopImmediatePropagation();
  window.addEventListener('blur', keepBlur, { capture: true });
  onTestFinished(() => {
    window.removeEventListener('blur', keepBlur, { capture: true });
    corner.remove();
  });
}

describe('Alerts', () => {
  for (const type of ['SUCCESS', 'INFO', 'WARNING', 'ERROR'] as const) {
    it(`${type} with a blank message shows its default text`, async () => {
      renderAlerts({ type, msg: '', open: true });
      await expect.poll(toast).not.toBeNull();
      expect(toast()?.getAttribute('data-alert-type')).toBe(type);
      expect(toast()?.getAttribute('data-state')).toBe('open');
      expect(description()).toBe(defaults[type]);
      await expect.element(page.getByText(titles[type], { exact: true }).first()).toBeVisible();
    });
  }

  it('treats a message of spaces as blank', async () => {
    renderAlerts({ type: 'ERROR', msg: '   ', open: true });
    await expect.poll(description).toBe(defaults.ERROR);
  });

  it('shows a given message as it is', async () => {
    renderAlerts({ type: 'ERROR', msg: '400: Invalid email', open: true });
    await expect.poll(description).toBe('400: Invalid email');
    await expect.element(page.getByText('400: Invalid email')).toBeVisible();
    expect(document.body.textContent).not.toContain(defaults.ERROR);
  });

  it('shows nothing while closed, and appears when the atom opens it', async () => {
    const store = renderAlerts();
    await new Promise(requestAnimationFrame);
    expect(toast()).toBeNull();
    store.set(alertAtom, { type: 'SUCCESS', msg: 'Saved', open: true });
    await expect.poll(description).toBe('Saved');
  });

  it('closes with its close button, and the atom says it is closed', async () => {
    const store = renderAlerts({ type: 'WARNING', msg: 'Careful', open: true });
    await expect.element(closeButton()).toBeVisible();
    await userEvent.click(closeButton());
    await expect.poll(toast).toBeNull();
    expect(store.get(alertAtom)).toEqual({ type: 'WARNING', msg: 'Careful', open: false });
  });

  it('closes with Escape while focus is in it', async () => {
    const store = renderAlerts({ type: 'INFO', msg: 'Hello', open: true });
    await expect.element(closeButton()).toBeVisible();
    (closeButton().element() as HTMLElement).focus();
    await userEvent.keyboard('{Escape}');
    await expect.poll(toast).toBeNull();
    expect(store.get(alertAtom).open).toBe(false);
  });

  it('hides by itself after 10 000 ms (spec §9), not before', async () => {
    await nothingPausesTheTimer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = renderAlerts({ type: 'ERROR', msg: 'Soon gone', open: true });
    await expect.poll(description).toBe('Soon gone');
    await vi.advanceTimersByTimeAsync(9_900);
    expect(toast()?.getAttribute('data-state')).toBe('open');
    expect(store.get(alertAtom).open).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(store.get(alertAtom).open).toBe(false);
    vi.useRealTimers();
    await expect.poll(toast).toBeNull();
  });

  it('is announced: a polite live region for information, an assertive one for errors', async () => {
    const store = renderAlerts({ type: 'SUCCESS', msg: 'Saved', open: true });
    const politeAnnouncement = () =>
      [...document.querySelectorAll('[role="status"][aria-live]')].find((element) =>
        element.textContent?.includes('Saved'),
      );
    await expect.poll(politeAnnouncement).toBeDefined();
    expect(politeAnnouncement()?.getAttribute('aria-live')).toBe('polite');
    expect(politeAnnouncement()?.textContent).toBe('Notification Done Saved');
    // The toast lives in a landmark named for notifications.
    const region = toast()?.closest('[role="region"]');
    expect(region?.getAttribute('aria-label')).toMatch(/^Notifications/);

    await userEvent.click(closeButton());
    await expect.poll(toast).toBeNull();
    store.set(alertAtom, { type: 'ERROR', msg: '', open: true });
    const errorAnnouncement = () =>
      [...document.querySelectorAll('[role="status"][aria-live]')].find((element) =>
        element.textContent?.includes(defaults.ERROR),
      );
    await expect.poll(errorAnnouncement).toBeDefined();
    expect(errorAnnouncement()?.getAttribute('aria-live')).toBe('assertive');
    expect(errorAnnouncement()?.textContent).toBe(
      `Notification Something went wrong ${defaults.ERROR}`,
    );
  });

  it('announces a new message that replaces one still shown, and gives it its own 10 s', async () => {
    await nothingPausesTheTimer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = renderAlerts({ type: 'ERROR', msg: '400: Invalid email', open: true });
    await expect.poll(description).toBe('400: Invalid email');
    await vi.advanceTimersByTimeAsync(6_000);
    store.set(alertAtom, { type: 'ERROR', msg: '403: Captcha error', open: true });
    await expect.poll(description).toBe('403: Captcha error');
    await expect
      .poll(() =>
        [...document.querySelectorAll('[role="status"][aria-live="assertive"]')].some((element) =>
          element.textContent?.includes('403: Captcha error'),
        ),
      )
      .toBe(true);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(store.get(alertAtom).open).toBe(true);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(store.get(alertAtom).open).toBe(false);
  });
});
