import { describe, expect, it } from 'vitest';
import type { PartnerConfig, Variant } from '../../../src/config/generated/partner.ts';
import { schemaChecker } from '../../../src/config/node/validation/checkConfig.ts';
import partnerSchema from '../../../schemas/partner.schema.json';
import {
  colorPattern,
  maxVariants,
  pageKeyPattern,
  partnerIdPattern,
  slugPattern,
  variantIdPattern,
} from './limits.ts';
import { acmePartner } from '../../../tests/support/partnerCheck.ts';

/**
 * The studio's quick checks say what the schema says: each pattern accepts exactly the names the
 * schema accepts at its place, and a page takes as many variants as the schema allows.
 */
const validate = schemaChecker().compile(partnerSchema);

/** The schema's errors about one place of the file (its JSON pointer). */
function errorsAt(partner: PartnerConfig, place: string): string[] {
  validate(partner);
  return (validate.errors ?? [])
    .filter((error) => error.instancePath === place)
    .map((error) => error.keyword);
}

const hero = (partner: PartnerConfig) => partner.pages.landing.sections[0];

function withCampaignPage(key: string, slug: string): PartnerConfig {
  const partner = acmePartner();
  const first = hero(partner);
  partner.pages[key] = { slug, title: 'Spring', description: 'Spring offer', sections: [first] };
  return partner;
}

function withVariants(ids: string[]): PartnerConfig {
  const partner = acmePartner();
  const variants = ids.map((id): Variant => ({
    id,
    weight: 10,
    overrides: { [hero(partner).id]: { title: id } },
  }));
  const [first, ...rest] = variants;
  if (first) partner.pages.landing.experiment = { variants: [first, ...rest] };
  return partner;
}

/** Each candidate, with whether the pattern and whether the schema accept it. */
function verdicts(
  pattern: RegExp,
  candidates: string[],
  schemaAccepts: (candidate: string) => boolean,
) {
  return candidates.map((candidate) => ({
    candidate,
    pattern: pattern.test(candidate),
    schema: schemaAccepts(candidate),
  }));
}

/** The pattern and the schema agree on every candidate, and the candidates test both ways. */
function expectAgreement(rows: ReturnType<typeof verdicts>) {
  expect(rows.filter((row) => row.pattern !== row.schema)).toEqual([]);
  expect(rows.some((row) => row.schema)).toBe(true);
  expect(rows.some((row) => !row.schema)).toBe(true);
}

describe("the studio's limits and patterns come from the partner schema", () => {
  it('partner ids', () => {
    const candidates = [
      'acme',
      'acme-homes',
      'a1',
      'Acme',
      'acme_homes',
      '-acme',
      'acme-',
      'a--b',
      '',
    ];
    expectAgreement(
      verdicts(partnerIdPattern, candidates, (id) => {
        const partner = { ...acmePartner(), id };
        return !errorsAt(partner, '/id').includes('pattern');
      }),
    );
  });

  it('page keys', () => {
    const candidates = [
      'springOffer',
      'spring',
      'Spring2',
      '2spring',
      'spring-offer',
      'spring_offer',
    ];
    expectAgreement(
      verdicts(pageKeyPattern, candidates, (key) => {
        validate(withCampaignPage(key, 'spring'));
        return !(validate.errors ?? []).some(
          (error) => error.keyword === 'propertyNames' || error.propertyName === key,
        );
      }),
    );
  });

  it('campaign page addresses', () => {
    const candidates = [
      'spring',
      'spring-offer',
      'offer-2',
      'Spring',
      'spring_offer',
      '-spring',
      'a--b',
      '',
    ];
    expectAgreement(
      verdicts(
        slugPattern,
        candidates,
        (slug) =>
          !errorsAt(withCampaignPage('spring', slug), '/pages/spring/slug').includes('pattern'),
      ),
    );
  });

  it('variant ids', () => {
    const candidates = [
      'short-hero',
      'a',
      'a1-b2',
      'Short',
      '1abc',
      'short--hero',
      'short-',
      '-x',
      'a_b',
    ];
    expectAgreement(
      verdicts(
        variantIdPattern,
        candidates,
        (id) =>
          !errorsAt(withVariants([id]), '/pages/landing/experiment/variants/0/id').includes(
            'pattern',
          ),
      ),
    );
  });

  it('colours', () => {
    const candidates = ['#2F3437', '#abcdef', '#ABCDEF', '#2F343', '2F3437', '#2F34370', '#GGGGGG'];
    expectAgreement(
      verdicts(colorPattern, candidates, (color) => {
        const partner = acmePartner();
        partner.theme.brandColor = color;
        return !errorsAt(partner, '/theme/brandColor').includes('pattern');
      }),
    );
  });

  it('variants per page', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, at) => `v${at + 1}`);
    const place = '/pages/landing/experiment/variants';
    expect(maxVariants).toBeGreaterThan(1);
    expect(errorsAt(withVariants(ids(maxVariants)), place)).toEqual([]);
    expect(errorsAt(withVariants(ids(maxVariants + 1)), place)).toContain('maxItems');
  });
});
