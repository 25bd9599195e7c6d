import { expect } from 'vitest';
import { describeBlockRenders, expectedHref } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('imageText', ({ html, visible }, { partner, section: { props } }) => {
  expect(html).toMatch(new RegExp(`<h2[^>]*>${props.title}`));
  expect(html).toContain(props.bodyHtml);
  expect(html).toContain(`src="${props.image}"`);
  expect(html).toContain(`alt="${props.imageAlt ?? ''}"`);
  expect(html).toContain(`data-side="${props.imageSide}"`);
  if (props.button) {
    expect(visible).toContain(props.button.text);
    expect(html).toContain(`href="${expectedHref(partner, props.button.action)}"`);
  }
});
