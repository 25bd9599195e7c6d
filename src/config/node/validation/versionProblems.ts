import type { Page, PartnerConfig } from '../../generated/partner.ts';
import { partnerForVersion } from '../../experiments.ts';
import type { Problem } from './problem.ts';

/**
 * The partner rules on every version of every page (issue 21): a variant is a page a visitor
 * sees, so what is refused on the page as written (colours too hard to read, a button leading
 * nowhere, a missing picture, a broken placeholder...) is refused in a variant too. No rule knows
 * about variants: `check` runs the rules on the partner as the build renders one version
 * (src/config/experiments.ts, partnerForVersion), and each problem found there is moved to the
 * place in the file a person would change:
 *
 *  - in a variant with its own sections, /pages/landing/sections/2/... becomes
 *    /pages/landing/experiment/variants/0/sections/2/...;
 *  - in a variant with overrides, a problem inside a prop the variant overrides is the override's
 *    (even when the page as written has the same one: the two need fixing each):
 *    /pages/landing/sections/0/props/title becomes
 *    /pages/landing/experiment/variants/0/overrides/hero/title. Any other problem the page as
 *    written has too is the page's, reported once at its own place, not again per variant;
 *  - a problem only the variant has that no pointer above fits (none of today's rules finds one) is
 *    reported at the variant's override of that section, or at the variant.
 *
 * Returns the problems of the partner as written, then each variant's, each problem once.
 */
export function problemsOfEveryVersion(
  config: PartnerConfig,
  check: (partner: PartnerConfig) => Problem[],
): Problem[] {
  const found = check(config);
  const key = (problem: Problem) => `${problem.pointer}\u0000${problem.message}`;
  const seen = new Set(found.map(key));
  for (const [name, page] of Object.entries(config.pages)) {
    page.experiment?.variants.forEach((variant, index) => {
      for (const problem of check(partnerForVersion(config, name, variant.id))) {
        const pointer = pointerInVariant(problem, seen.has(key(problem)), {
          pageAt: `/pages/${name}`,
          page,
          variantAt: `/pages/${name}/experiment/variants/${index}`,
          variant,
        });
        if (pointer === undefined) continue;
        const moved = { ...problem, pointer };
        if (seen.has(key(moved))) continue;
        seen.add(key(moved));
        found.push(moved);
      }
    });
  }
  return found;
}

type Variant = NonNullable<Page['experiment']>['variants'][number];

const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Where a problem found in a variant's version of the page is fixed, or undefined when it is the
 * page's own (`inControl`: the page as written has the same problem at the same place).
 */
function pointerInVariant(
  { pointer }: Problem,
  inControl: boolean,
  where: { pageAt: string; page: Page; variantAt: string; variant: Variant },
): string | undefined {
  const { pageAt, page, variantAt, variant } = where;
  const blocksAt = `${pageAt}/sections`;
  const inPageBlocks = pointer === blocksAt || pointer.startsWith(`${blocksAt}/`);
  if (!inPageBlocks) return inControl ? undefined : variantAt;
  // A list of its own: every problem in it is the variant's, wherever the page has one too.
  if (variant.sections) return `${variantAt}${pointer.slice(pageAt.length)}`;
  const [position = '', part, prop, ...below] = pointer.slice(blocksAt.length + 1).split('/');
  const id = page.sections[Number(position)]?.id;
  const override = id === undefined ? undefined : variant.overrides?.[id];
  if (override === undefined || id === undefined)
    return inControl ? undefined : `${variantAt}/overrides`;
  const overrideAt = `${variantAt}/overrides/${pointerToken(id)}`;
  const overridden =
    part === 'props' && prop !== undefined && Object.hasOwn(override, keyOfToken(prop));
  if (overridden) return [overrideAt, prop, ...below].join('/');
  return inControl ? undefined : overrideAt;
}

const keyOfToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');
