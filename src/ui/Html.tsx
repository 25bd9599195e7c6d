import type { ElementType } from 'react';

/**
 * Renders HTML from a partner file. The HTML was already cleaned to a small allow-list when the
 * partner files were loaded (src/config/sanitizeHtml.ts); this component only decides the wrapper.
 */
export interface HtmlProps {
  html: string;
  as?: ElementType;
  className?: string;
  id?: string;
}

export function Html({ html, as: Tag = 'span', className, id }: HtmlProps) {
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
