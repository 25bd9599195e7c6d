import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('stats', ({ html, visible }, { section }) => {
  expect(html.match(/<li/g)).toHaveLength(section.props.items.length);
  for (const item of section.props.items) expect(visible).toContain(`${item.value} ${item.label}`);
  expect(html.match(/<svg/g) ?? []).toHaveLength(
    section.props.items.filter((item) => item.icon).length,
  );
});
