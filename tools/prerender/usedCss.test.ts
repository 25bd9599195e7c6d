import { describe, expect, it } from 'vitest';
import { usedCss } from './usedCss.ts';

const css = [
  "@font-face{font-family:'Atkinson Hyperlegible';src:url(/assets/a.woff2)format('woff2')}",
  'body{font-family:var(--font-body)}',
  ':focus-visible{outline:3px solid}',
  '.hero{color:red}',
  '.hero:hover,.hero:focus-visible{color:blue}',
  '.unused{color:green}',
  '@media (min-width:768px){.hero{color:navy}.wide-only{color:gray}}',
  '.answer[data-state=closed]{display:none}',
  '.answer[data-state=open]{display:block}',
  '.spinner{animation:spin 1s}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
].join('');

describe("usedCss: the stylesheet's rules a prerendered page uses", () => {
  it("keeps what the page's elements match, their states and media queries included, and every font", async () => {
    const kept = await usedCss(
      css,
      '<main><h1 class="hero">Hi</h1><div class="answer" data-state="closed">A</div></main>',
    );
    expect(kept).toContain('@font-face');
    expect(kept).toContain('body{font-family:var(--font-body)}');
    expect(kept).toContain('.hero{color:red}');
    expect(kept).toMatch(/\.hero:hover,\s*\.hero:focus-visible\{color:blue\}/);
    expect(kept).toMatch(/@media \(min-width:\s?768px\)\{\.hero\{color:navy\}\}/);
    expect(kept).toContain('.answer[data-state=closed]{display:none}');
    // A state any element may take: the focus ring.
    expect(kept).toContain(':focus-visible{outline:3px solid}');
  });

  it("leaves the body's own styles out of the page's part", async () => {
    const kept = await usedCss(
      '.hero{color:red}.unused{color:green}',
      '<style>#notice{display:none}</style><h1 class="hero">Hi</h1>',
    );
    expect(kept).toBe('.hero{color:red}');
    // Even when the page uses none of the stylesheet.
    expect(
      await usedCss('.unused{color:green}', '<style>#notice{display:none}</style><p>Hi</p>'),
    ).toBe('');
  });

  it("drops what nothing on the page matches: another page's rules, a state not shown, unused keyframes", async () => {
    const kept = await usedCss(
      css,
      '<h1 class="hero">Hi</h1><div class="answer" data-state="closed"></div>',
    );
    expect(kept).not.toContain('.unused');
    expect(kept).not.toContain('.wide-only');
    expect(kept).not.toContain('data-state=open');
    expect(kept).not.toContain('.spinner');
    expect(kept).not.toContain('@keyframes');
  });

  it('keeps the keyframes a kept rule names', async () => {
    const kept = await usedCss(css, '<span class="spinner"></span>');
    expect(kept).toContain('.spinner{animation:spin 1s}');
    expect(kept).toContain('@keyframes spin');
  });
});
