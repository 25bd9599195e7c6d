import { expect } from 'vitest';
import { describeBlockRenders, expectedHref } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('ctaBanner', ({ html, visible }, { partner, section }) => {
  expect(html).toMatch(new RegExp(`<h2[^>]*>${section.props.title}`));
  if (section.props.text) expect(visible).toContain(section.props.text);
  expect(html).toMatch(
    new RegExp(
      `href="${expectedHref(partner, section.props.action)}"[^>]*>${section.props.buttonText}</a>`,
    ),
  );
});
