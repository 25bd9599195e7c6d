import type { ReactNode } from 'react';
import { Container } from '../../ui/Container.tsx';

/**
 * The frame most blocks share: a <section> named by its title (aria-labelledby), holding the
 * page-width Container. The block keeps its own classes (CSS module), so its look stays its own.
 */
export function BlockSection({
  id,
  className,
  background,
  titleId,
  layout,
  children,
}: {
  /** The section's anchor, for blocks a link or a button can scroll to. */
  id?: string | undefined;
  className: string | undefined;
  /** The partner's choice of background, for the block's CSS ([data-background]). */
  background?: string | undefined;
  /** The title's id (blockTitleId), or undefined when the block has no title. */
  titleId: string | undefined;
  /** The Container's extra class: the block's layout. */
  layout?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section id={id} className={className} data-background={background} aria-labelledby={titleId}>
      <Container className={layout}>{children}</Container>
    </section>
  );
}

/** The id a block's title carries, for its section's aria-labelledby. */
export const blockTitleId = (blockId: string) => `${blockId}-title`;

/** A block's title: the page's second heading level (the hero holds the page's one h1). */
export function BlockTitle({
  id,
  className,
  children,
}: {
  id: string;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className={className}>
      {children}
    </h2>
  );
}
