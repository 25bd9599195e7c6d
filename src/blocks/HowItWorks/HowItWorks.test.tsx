import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('howItWorks', ({ html, visible }, { section }) => {
  expect(html.match(/<li/g)).toHaveLength(3);
  section.props.cards.forEach((card, i) =>
    expect(visible).toContain(`Step ${i + 1}: ${card.title}`),
  );
});
