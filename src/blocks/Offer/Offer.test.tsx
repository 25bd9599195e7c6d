import { expect } from 'vitest';
import { offerFor } from '../../config/offer.ts';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('offer', ({ html, visible }, { partner, section, site }) => {
  const offer = offerFor(section.props, partner, site.product);
  // The card's anchor and heading, and its claim (the partner's signup form) in it.
  expect(html).toContain(`id="${section.id}"`);
  expect(visible).toContain(offer.headerText);
  expect(html).toContain(`id="${section.id}-claim"`);
});
