import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx (about 30 KB gzip) in the browser's build (vite.config.ts aliases
 * `markdown-to-jsx/react` here). rjsf reaches for it only to render a description or help text as
 * Markdown when a form's uiSchema sets `ui:enableMarkdownInDescription` (or `ui:enableMarkdownInHelp`),
 * and for a developer's schema error. Our forms never do (tests/unit/forms/plainMarkdown.test.ts
 * holds every partner's signup form and the home profile form to that): their texts are plain
 * strings, shown as they are.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}
