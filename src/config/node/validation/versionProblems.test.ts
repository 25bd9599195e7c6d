import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../generated/partner.ts';
import type { Problem } from './problem.ts';
import { problemsOfEveryVersion } from './versionProblems.ts';
import { acmePartner } from '../../../../tests/support/partnerCheck.ts';

// The test partner (a frozen copy of the demo): its sections' positions are this test's own.
const demo = acmePartner();

/** Demo with landing variants: 0 overrides the hero's title, 1 lists its own sections. */
function withVariants(): PartnerConfig {
  const landing = demo.pages.landing;
  return {
    ...demo,
    pages: {
      ...demo.pages,
      landing: {
        ...landing,
        experiment: {
          variants: [
            { id: 'title', weight: 50, overrides: { hero: { title: 'Shout' } } },
            { id: 'own', weight: 50, sections: [landing.sections[5]!, landing.sections[0]!] },
          ],
        },
      },
    },
  };
}

/**
 * A made-up rule: each hero whose title is "Shout" is refused at its title, and also at the
 * section itself (a place no override names); the footer is always refused at its props.
 */
function check(partner: PartnerConfig): Problem[] {
  return partner.pages.landing.sections.flatMap((section, index): Problem[] => {
    const at = `/pages/landing/sections/${index}`;
    const file = 'partners/demo.json';
    if (section.type === 'footer') return [{ file, pointer: `${at}/props`, message: 'footer' }];
    if (section.type === 'hero' && section.props.title === 'Shout')
      return [
        { file, pointer: `${at}/props/title`, message: 'too loud' },
        { file, pointer: at, message: 'loud section' },
      ];
    return [];
  });
}

describe('problemsOfEveryVersion', () => {
  it("moves each variant's own problems to the place in the variant, and the page's stay once", () => {
    expect(problemsOfEveryVersion(withVariants(), check).map((p) => p.pointer)).toEqual([
      // The page as written: its footer.
      '/pages/landing/sections/5/props',
      // The override caused these two: at the overridden prop, and at the override of the section.
      '/pages/landing/experiment/variants/0/overrides/hero/title',
      '/pages/landing/experiment/variants/0/overrides/hero',
      // Its own list: its footer is its own, though the page's footer has the same problem.
      '/pages/landing/experiment/variants/1/sections/0/props',
    ]);
  });

  it('without experiments, is the rules on the partner as written', () => {
    expect(problemsOfEveryVersion(demo, check)).toEqual(check(demo));
  });
});
