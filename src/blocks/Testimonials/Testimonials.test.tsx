import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';
import { defaultTestimonialsTitle } from '../../config/constants.ts';

describeBlockRenders('testimonials', ({ visible }, { section }) => {
  expect(visible).toContain(section.props.title ?? defaultTestimonialsTitle);
  for (const t of section.props.items) {
    expect(visible).toContain(t.author);
    expect(visible).toContain(t.position);
  }
  expect(visible).toMatch(/Play|Pause/);
});
