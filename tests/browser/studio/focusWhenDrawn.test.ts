import { afterEach, describe, expect, it } from 'vitest';
import { focusWhenDrawn } from '../../../studio/src/editor/focusWhenDrawn.ts';
import { frames } from '../support/frames.ts';

/*
 * "Show me" focuses the field, not its block's heading, even when the block's form is drawn after
 * the heading (a slow machine: the heading at once, the form a long moment later). A CI run on a
 * busy machine focused the heading and stopped there.
 */
let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  document.body.replaceChildren();
});

const nextFrame = () => frames(1);

function add(html: string, parent: Element = document.body) {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const element = holder.firstElementChild;
  if (!element) throw new Error('nothing to add');
  parent.append(element);
  return element as HTMLElement;
}

describe('focusWhenDrawn', () => {
  it('focuses the field when it is already there', async () => {
    add('<h3 id="block-heading" tabindex="-1">Hero</h3>');
    add('<input id="block_title">');
    stops.push(focusWhenDrawn(['block_title', 'block-heading']));
    await nextFrame();
    expect(document.activeElement?.id).toBe('block_title');
  });

  it('focuses the heading first, then the field when its form is drawn later', async () => {
    const card = add('<section><h3 id="block-heading" tabindex="-1">Hero</h3></section>');
    stops.push(focusWhenDrawn(['block_title', 'block-heading']));
    await nextFrame();
    expect(document.activeElement?.id).toBe('block-heading');
    add('<input id="block_title">', card);
    await expect.poll(() => document.activeElement?.id).toBe('block_title');
  });

  it('prefers a fieldset’s legend, as for a list of settings', async () => {
    add(
      '<fieldset id="block_items"><legend id="block_items__legend" tabindex="-1">Items</legend></fieldset>',
    );
    stops.push(focusWhenDrawn(['block_items', 'block-heading']));
    await nextFrame();
    expect(document.activeElement?.id).toBe('block_items__legend');
  });

  it('leaves the focus where the person moved it while the field was awaited', async () => {
    add('<h3 id="block-heading" tabindex="-1">Hero</h3>');
    const elsewhere = add('<button id="elsewhere">Other</button>');
    stops.push(focusWhenDrawn(['block_title', 'block-heading']));
    await nextFrame();
    expect(document.activeElement?.id).toBe('block-heading');
    elsewhere.focus();
    add('<input id="block_title">');
    await nextFrame();
    await nextFrame();
    expect(document.activeElement?.id).toBe('elsewhere');
  });

  it('stops watching when asked', async () => {
    add('<h3 id="block-heading" tabindex="-1">Hero</h3>');
    const stop = focusWhenDrawn(['block_title', 'block-heading']);
    await nextFrame();
    stop();
    add('<input id="block_title">');
    await nextFrame();
    await nextFrame();
    expect(document.activeElement?.id).toBe('block-heading');
  });
});
