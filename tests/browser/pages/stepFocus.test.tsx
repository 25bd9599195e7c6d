import { StrictMode, useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useStepFocus } from '../../../src/pages/ClaimOffer/stepFocus.ts';
import { frames } from '../support/frames.ts';
import { cleanup, mount } from '../support/render.tsx';

/*
 * The claim-offer steps move focus to the new step's heading when the visitor goes from one step
 * to the next, never on a first view. Under React's StrictMode (`npm run dev`, the studio's
 * preview frames) each effect runs twice, and the second run counted as a move: a preview frame
 * drawn while a partner manager typed in the studio took the focus, and the next keys with it.
 */
afterEach(cleanup);

function Steps({ lateHeading = false }: { lateHeading?: boolean }) {
  const main = useStepFocus();
  return (
    <main ref={main}>
      <Routes>
        <Route path="/one" element={<StepOne />} />
        <Route path="/two" element={<StepTwo late={lateHeading} />} />
      </Routes>
    </main>
  );
}

function StepOne() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Step one</h1>
      {/* Gone with the step, as a signup form is: the focus it had is lost. */}
      <button type="button" onClick={() => void navigate('/two')}>
        Go on
      </button>
    </>
  );
}

function StepTwo({ late }: { late: boolean }) {
  const [drawn, setDrawn] = useState(!late);
  if (!drawn) setTimeout(() => setDrawn(true), 50);
  return drawn ? <h1>Step two</h1> : <p>Loading…</p>;
}

function renderSteps(children: ReactNode, { focused = true } = {}) {
  const outside = document.createElement('input');
  outside.setAttribute('aria-label', 'Something else on the page');
  document.body.append(outside);
  if (focused) outside.focus();
  else (document.activeElement as HTMLElement | null)?.blur();
  const root = mount(
    <StrictMode>
      <MemoryRouter initialEntries={['/one']}>{children}</MemoryRouter>
    </StrictMode>,
  );
  return { root, outside };
}

describe('useStepFocus under StrictMode', () => {
  afterEach(() => document.querySelectorAll('body > input').forEach((input) => input.remove()));

  it('leaves the focus where it is on a first view', async () => {
    const { root, outside } = renderSteps(<Steps />);
    await expect.poll(() => root.querySelector('h1')?.textContent).toBe('Step one');
    await frames(3);
    expect(document.activeElement).toBe(outside);
  });

  it('moves no focus on a first view when nothing has it (as in a frame the studio has the focus over)', async () => {
    const { root, outside } = renderSteps(<Steps />, { focused: false });
    await expect.poll(() => root.querySelector('h1')?.textContent).toBe('Step one');
    await frames(3);
    expect(document.activeElement).toBe(document.body);
    expect(outside).not.toBe(document.activeElement);
  });

  it('moves the focus to the next step’s heading', async () => {
    const { root } = renderSteps(<Steps />);
    await expect.poll(() => root.querySelector('button')).not.toBeNull();
    root.querySelector('button')?.focus();
    root.querySelector('button')?.click();
    await expect.poll(() => document.activeElement?.textContent).toBe('Step two');
  });

  it('moves the focus to a heading drawn after the step', async () => {
    const { root } = renderSteps(<Steps lateHeading />);
    await expect.poll(() => root.querySelector('button')).not.toBeNull();
    root.querySelector('button')?.focus();
    root.querySelector('button')?.click();
    await expect.poll(() => root.querySelector('p')?.textContent).toBe('Loading…');
    await expect.poll(() => document.activeElement?.textContent).toBe('Step two');
  });
});
