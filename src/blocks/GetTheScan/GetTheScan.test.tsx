import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('getTheScan', ({ html, visible }, { partner, section }) => {
  expect(html).toContain(`id="${section.id}"`);
  for (const bullet of section.props.bullets) expect(visible).toContain(bullet);
  expect(visible).toContain(partner.form.headerText);
  expect(visible).toContain(partner.form.ctaText);
  for (const field of partner.form.fields) expect(html).toContain(`${field.name}`);
});
