import type { PartnerConfig, Block } from '../../generated/partner.ts';
import {
  oncePerPageName,
  placementRefusalIn,
  repeatedItems,
  type SchemaDefs,
  type BlockFinding,
} from '../../blockAnnotations.ts';
import type { Problem } from './problem.ts';

/**
 * The checks each block declares in its own props schema (src/config/blockAnnotations.ts): where it
 * may go, whether a page holds it once, which of its lists need distinct items. Generic: a new
 * block folder brings its rules with its schema, and no rule here names a block type. `defs` is
 * the assembled schema's (a test passes a fixture's).
 */

/** Where the section at this index of the page with this key may not be: pointers below the page. */
export function placementFindings(
  defs: SchemaDefs,
  pageKey: string,
  sections: readonly Block[],
  index: number,
): BlockFinding[] {
  const section = sections[index];
  if (!section) return [];
  const found: BlockFinding[] = [];
  const once = oncePerPageName(defs, section.type);
  const first = sections.findIndex((entry) => entry.type === section.type);
  if (once && first !== index)
    found.push([
      `/sections/${index}/type`,
      `this page already has a ${once} (section ${first + 1}); a page can have only one`,
    ]);
  const refusal = placementRefusalIn(defs, section.type, pageKey);
  if (refusal) found.push([`/sections/${index}/type`, refusal]);
  return found;
}

/** The list items of every block of the file that repeat what another item of the list says. */
export function repeatedItemProblems(
  defs: SchemaDefs,
  { file, config }: { file: string; config: PartnerConfig },
): Problem[] {
  return Object.entries(config.pages).flatMap(([name, page]) =>
    page.sections.flatMap((section, index) =>
      repeatedItems(defs, section).map(([pointer, message]) => ({
        file,
        pointer: `/pages/${name}/sections/${index}${pointer}`,
        message,
      })),
    ),
  );
}
