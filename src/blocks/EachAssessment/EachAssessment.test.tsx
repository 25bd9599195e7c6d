import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('eachAssessment', ({ visible }, { section }) => {
  for (const bullet of section.props.bullets) expect(visible).toContain(bullet);
  expect(visible).toContain(section.props.bannerText);
});
