import type { ReactNode } from 'react';

/**
 * A results table that scrolls sideways in a narrow window: the region is focusable, so keys can
 * scroll it, and is named by the table's caption. `children` are the table's head and body.
 */
export function ScrollTable({
  id,
  className = 'studio-table',
  caption,
  children,
}: {
  id: string;
  className?: string;
  caption: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      className="studio-table-scroll"
      role="region"
      aria-labelledby={`${id}-caption`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
      tabIndex={0}
    >
      <table id={id} className={className}>
        <caption id={`${id}-caption`}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
