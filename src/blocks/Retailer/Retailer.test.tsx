import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('retailer', ({ visible }, { partner, section }) => {
  expect(['lowes', 'showcase']).toContain(partner.id);
  expect(visible).toContain(section.props.title);
  for (const bullet of section.props.bullets) expect(visible).toContain(bullet);
});
