import { useState, useSyncExternalStore } from 'react';
import { ErrorSchemaBuilder, type ErrorSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../studio/src/studio.css';
import { StudioForm } from '../../../studio/src/forms/StudioForm.tsx';
import type { StudioFormContext } from '../../../studio/src/forms/formContext.ts';
import type { Json } from '../../../studio/src/schema/json.ts';
import { frames } from '../support/frames.ts';
import { cleanup, mount } from '../support/render.tsx';

/*
 * A field keeps its element, and so the focus and the person's next keys, when the checker's
 * answer adds or removes a sentence under it. The field template drew a field with a sentence in
 * a wrapper and one without none, so the checker's warning on a variant's new title ("no Spanish
 * translation"), a moment after the first keys, remounted the input: the focus went, and a change
 * typed in that moment was lost (seen in the studio's end-to-end tests on a busy machine).
 */
afterEach(cleanup);

const schema = {
  type: 'object',
  properties: { title: { type: 'string', title: 'Title' } },
} as const;

/** The checker's sentences the form is given, changed by the tests as the checker's answers would. */
interface Sentences {
  warnings: Record<string, string[]>;
  errors: ErrorSchema;
}
let sentences: Sentences = { warnings: {}, errors: {} };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function answer(next: Partial<Sentences>) {
  sentences = { ...sentences, ...next };
  listeners.forEach((listener) => listener());
}
afterEach(() => answer({ warnings: {}, errors: {} }));

function Harness() {
  const [data, setData] = useState<Json>({ title: 'A title' });
  const { warnings, errors } = useSyncExternalStore(subscribe, () => sentences);
  const context: StudioFormContext = { images: [], warnings };
  return (
    <StudioForm
      idPrefix="block"
      schema={schema}
      uiSchema={{}}
      formData={data}
      errors={errors}
      context={context}
      onChange={setData}
    />
  );
}

describe('a studio field under the checker’s sentences', () => {
  it('keeps its input and the focus when a warning comes and goes', async () => {
    const root = mount(<Harness />);
    await expect.poll(() => root.querySelector('#block_title')).not.toBeNull();
    const input = root.querySelector<HTMLInputElement>('#block_title');
    if (!input) throw new Error('no title field');
    input.focus();

    answer({ warnings: { block_title: ['this text has no Spanish translation'] } });
    await expect
      .poll(() => root.querySelector('[data-field-warnings="block_title"]'))
      .not.toBeNull();
    expect(root.querySelector('#block_title')).toBe(input);
    expect(document.activeElement).toBe(input);

    answer({ warnings: {} });
    await frames(2);
    expect(root.querySelector('[data-field-warnings="block_title"]')).toBeNull();
    expect(root.querySelector('#block_title')).toBe(input);
    expect(document.activeElement).toBe(input);
  });

  it('keeps the inputs of a group when the group gets an error', async () => {
    const root = mount(<Harness />);
    await expect.poll(() => root.querySelector('#block_title')).not.toBeNull();
    const input = root.querySelector<HTMLInputElement>('#block_title');
    input?.focus();
    answer({
      errors: new ErrorSchemaBuilder().addErrors('the block needs a title or a picture')
        .ErrorSchema,
    });
    await expect.poll(() => root.querySelector('.studio-invalid-group')).not.toBeNull();
    expect(root.querySelector('#block_title')).toBe(input);
    expect(document.activeElement).toBe(input);
  });

  it('takes no box of its own when it has no sentence', async () => {
    const root = mount(<Harness />);
    await expect.poll(() => root.querySelector('.studio-field-wrap')).not.toBeNull();
    const wrap = root.querySelector('.studio-field-wrap');
    expect(wrap && getComputedStyle(wrap).display).toBe('contents');
  });
});
