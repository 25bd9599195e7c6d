import { useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { studioApi, type Problem } from '../../../studio/src/api/studioApi.ts';
import { useCheck } from '../../../studio/src/editor/useCheck.ts';
import type { PartnerDraft } from '../../../studio/src/schema/partnerTypes.ts';
import { cleanup, deferred, mount, partner, type Deferred } from '../support/render.tsx';

/*
 * The studio's check runs on the server a moment after each change. Its answers can come back out
 * of order on a busy server: the draft on screen must show its own answer, and "checking" must end.
 */
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type Answer = { problems: Problem[]; warnings: Problem[] };
/** The demo partner under another name: each draft is told apart by its name. */
const draftNamed = (name: string) =>
  ({ ...(JSON.parse(JSON.stringify(partner('demo'))) as PartnerDraft), name }) as PartnerDraft;
const problem = (message: string): Problem => ({
  file: 'partners/acme.json',
  pointer: '/name',
  message,
});

describe('useCheck', () => {
  it("shows the newest draft's answer when an older draft's answer comes back after it", async () => {
    const answers = new Map<string, Deferred<Answer>>();
    vi.spyOn(studioApi, 'check').mockImplementation((_id, data) => {
      const answer = deferred<Answer>();
      answers.set(String((data as { name: string }).name), answer);
      return answer.promise;
    });
    let setDraft: (draft: PartnerDraft) => void = () => undefined;
    function Probe() {
      const [draft, set] = useState<PartnerDraft>(draftNamed('first'));
      setDraft = set;
      const { problems, checking } = useCheck('acme', draft);
      return (
        <p data-checking={String(checking)}>{problems.map((found) => found.message).join('|')}</p>
      );
    }
    const root = mount(<Probe />);
    const shown = () => root.querySelector('p');
    await expect.poll(() => answers.has('first')).toBe(true);
    flushSync(() => setDraft(draftNamed('second')));
    await expect.poll(() => answers.has('second')).toBe(true);

    // The newer draft's answer first, then the older one's.
    answers.get('second')?.resolve({ problems: [problem('second draft')], warnings: [] });
    await expect.poll(() => shown()?.getAttribute('data-checking')).toBe('false');
    answers.get('first')?.resolve({ problems: [problem('first draft')], warnings: [] });
    // Give the late answer its chance to land: a few turns of the event loop.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown()?.textContent).toBe('second draft');
    expect(shown()?.getAttribute('data-checking')).toBe('false');
  });
});
