import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('hero', ({ html, visible }, { page, section }) => {
  expect(visible).toContain(section.props.title);
  expect(visible).toContain(section.props.subtitle);
  expect(html).toContain(`srcSet="${section.props.desktopBg}"`);
  expect(html).toContain(`src="${section.props.mobileBg}"`);
  // The page's first hero holds its one h1; a later one is titled by an h2.
  expect(html).toMatch(
    page.sections.find((s) => s.type === 'hero') === section ? /<h1[^>]*>/ : /<h2[^>]*>/,
  );
});
