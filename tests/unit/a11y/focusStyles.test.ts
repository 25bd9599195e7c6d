import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * WCAG 2.4.7 (focus visible) is swept once per walked page, at 320 px (tests/e2e/wcag.test.ts): the
 * sweep reads each focused control's outline and ring, and the same page at 200% zoom (640 CSS px)
 * gets the same styles only while no focus style depends on the width. This holds it: a `:focus`
 * rule inside a width @media or @container query would need the sweep at every layout again.
 */
const root = new URL('../../..', import.meta.url).pathname;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/**
 * Every focus rule in `css` that sits in a width query, as "selector in query". A scan of the
 * blocks by their braces (comments dropped): our style sheets are plain CSS, nested only in
 * at-rules.
 */
function focusRulesByWidth(css: string): string[] {
  const found: string[] = [];
  const open: string[] = [];
  let prelude = '';
  for (const char of css.replace(/\/\*[\s\S]*?\*\//g, '')) {
    if (char === '{') {
      const head = prelude.trim().replace(/\s+/g, ' ');
      const queries = open.filter((outer) => /^@(media|container)\b.*width/.test(outer));
      if (!head.startsWith('@') && /:focus/.test(head) && queries.length > 0)
        found.push(`${head} in ${queries.reverse().join(' in ')}`);
      open.push(head);
      prelude = '';
    } else if (char === '}') {
      open.pop();
      prelude = '';
    } else if (char === ';') {
      prelude = '';
    } else {
      prelude += char;
    }
  }
  return found;
}

describe('focus styles', () => {
  it('finds a focus rule inside a width query (the check itself)', () => {
    expect(
      focusRulesByWidth(
        '.a:focus-visible { outline: 0 } @media (min-width: 768px) { .b:focus { outline: none } }',
      ),
    ).toEqual(['.b:focus in @media (min-width: 768px)']);
    expect(focusRulesByWidth('@media (prefers-reduced-motion: reduce) { .c:focus {} }')).toEqual(
      [],
    );
  });

  it('never depend on the width of the page (so one focus sweep covers every layout)', () => {
    const files = cssFiles(join(root, 'src'));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      focusRulesByWidth(readFileSync(file, 'utf8')).map(
        (rule) => `${relative(root, file)}: ${rule}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
