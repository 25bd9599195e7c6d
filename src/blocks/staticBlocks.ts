/**
 * The HTML of a prerendered page's static blocks (see block.ts in each block folder), read from
 * the page before React hydrates it (src/app/start.tsx). A static block hydrates as its wrapper
 * with this HTML set as innerHTML: React keeps the prerendered nodes as they are, runs none of the
 * block's code and needs none of it downloaded. Kept by address, so that coming back to the page
 * later shows the same blocks without their code either.
 */
const prerendered = new Map<string, string>();

/** The attribute on a static block's wrapper: its section id. */
export const staticBlockAttribute = 'data-static-block';

const keyOf = (pathname: string, id: string) => `${pathname}#${id}`;

export function captureStaticBlocks(root: ParentNode, pathname: string): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${staticBlockAttribute}]`)) {
    const id = element.getAttribute(staticBlockAttribute);
    if (id) prerendered.set(keyOf(pathname, id), element.innerHTML);
  }
}

/** The prerendered HTML of a static block of the page at this address, if the page came with it. */
export function prerenderedBlockHtml(pathname: string, id: string): string | undefined {
  return prerendered.get(keyOf(pathname, id));
}
