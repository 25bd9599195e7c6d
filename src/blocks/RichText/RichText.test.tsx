import { expect } from 'vitest';
import { describeBlockRenders, visibleText } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('richText', ({ html, visible }, { section }) => {
  if (section.props.title) expect(html).toMatch(new RegExp(`<h2[^>]*>${section.props.title}`));
  // Cleaned when the file was loaded; rendered as is.
  expect(html).toContain(section.props.bodyHtml);
  expect(visible).toContain(visibleText(section.props.bodyHtml).trim());
});
