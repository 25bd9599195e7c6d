import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('footer', ({ html, visible }, { site }) => {
  expect(visible).toContain(`© ${site.copyrightYear}`);
  for (const link of site.footer.links) expect(visible).toContain(link.label);
  expect(html.match(/aria-label="HomeSafe Scan on /g)).toHaveLength(site.footer.social.length);
});
