import { expect } from 'vitest';
import { describeBlockRenders } from '../../../tests/support/renderBlock.tsx';

describeBlockRenders('faq', ({ html }, { section }) => {
  expect(html).toMatch(new RegExp(`<h2[^>]*>${section.props.title}`));
  for (const item of section.props.items) {
    // Each question is a button inside an h3; each answer is in the HTML, hidden while closed.
    expect(html).toMatch(
      new RegExp(`<h3[^>]*><button[^>]*aria-expanded="false"[^>]*><span>${item.question}`),
    );
    expect(html).toContain(item.answerHtml);
  }
  expect(html.match(/<div data-state="closed"[^>]*role="region"/g)).toHaveLength(
    section.props.items.length,
  );
});
