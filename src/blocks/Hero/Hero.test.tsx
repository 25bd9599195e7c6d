import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';
import { pictureSrcSet } from '../../config/pictureRule.ts';

describeBlockRenders('hero', ({ html, visible }, { page, section }) => {
  expect(visible).toContain(section.props.title);
  expect(visible).toContain(section.props.subtitle);
  // A WebP pair is offered at both densities; any other picture as it is.
  const desktop = section.props.desktopBg;
  expect(html).toContain(`srcSet="${pictureSrcSet(desktop) ?? desktop}"`);
  expect(html).toContain(`src="${section.props.mobileBg}"`);
  // The page's first hero holds its one h1; a later one is titled by an h2.
  expect(html).toMatch(
    page.sections.find((s) => s.type === 'hero') === section ? /<h1[^>]*>/ : /<h2[^>]*>/,
  );
});
