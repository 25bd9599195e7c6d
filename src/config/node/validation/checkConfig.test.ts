import { describe, expect, it } from 'vitest';
import type { Page, PartnerConfig, Block } from '../../generated/partner.ts';
import { checkConfig, formatProblems, blockTypes, type ConfigFile } from './checkConfig.ts';
import {
  assetExists,
  checkWith,
  acmePartner,
  readProjectFile,
  realFiles,
  siteFile,
} from '../../../../tests/support/partnerCheck.ts';

const landingOfferRefusal =
  "the landing page's signup form leads to the claim-offer page, which shows the offer; put the offer block on the claimOffer page, or on a campaign page to take the claim there";

/** The demo copy's landing section of this type (the migrated files have one of each). */
function landing<T extends Block['type']>(partner: PartnerConfig, type: T) {
  const found = partner.pages.landing.sections.find(
    (section): section is Extract<Block, { type: T }> => section.type === type,
  );
  if (!found) throw new Error(`no ${type} section`);
  return found;
}

/** A partner as a test may edit it, down to settings the schema does not know. */
type Editable = PartnerConfig & Record<string, unknown>;

function broken(mutate: (partner: Editable) => void): PartnerConfig {
  const partner = acmePartner() as Editable;
  mutate(partner);
  return partner;
}

/** A broken copy of demo: what the file does, the edit that does it, and what partners:check says. */
interface BrokenFile {
  does: string;
  edit: (partner: Editable) => void;
  says: string[];
}

/** Each file's problems are exactly the lines `says`, in the order partners:check prints them. */
function checkEach(files: BrokenFile[], copy: (edit: BrokenFile['edit']) => PartnerConfig) {
  for (const { does, edit, says } of files) {
    it(does, () => {
      expect(checkWith(copy(edit))).toEqual(says);
    });
  }
}

const brokenFiles: BrokenFile[] = [
  {
    does: 'has a select field without options',
    edit: (p) => {
      p.form.fields.splice(1, 0, {
        name: 'describeHome',
        label: 'Which best describes you?',
        type: 'select',
        required: true,
      });
    },
    says: ['partners/acme.json /form/fields/1: a select field needs at least one option'],
  },
  {
    does: 'offers a describeHome answer the home profile cannot take',
    edit: (p) => {
      p.form.fields.splice(1, 0, {
        name: 'describeHome',
        label: 'Which best describes you?',
        type: 'select',
        required: true,
        options: [
          // Own values are fine when the label matches one of the profile's answers.
          { value: 'self', label: 'I live in this home' },
          { value: 'landlord', label: 'I rent this home out' },
        ],
      });
    },
    says: [
      'partners/acme.json /form/fields/1/options/1: the option "landlord" ("I rent this home out") matches none of the home profile\'s answers, so it cannot pre-fill the create-home form; give it one of the values "resident", "caregiver", "helper", "professional" or one of the labels "I live in this home", "Someone I care about lives here", "I\'m helping someone stay safe at home", "I\'m a home safety professional"',
    ],
  },
  {
    does: 'lists a section type that does not exist',
    edit: (p) => {
      p.pages.landing.sections.splice(2, 0, {
        type: 'carousel',
        id: 'carousel',
        props: {},
      } as unknown as Block);
    },
    says: [
      `partners/acme.json /pages/landing/sections/2/type: "carousel" is not a section type we know; use one of ${blockTypes.map((type) => `"${type}"`).join(', ')}`,
    ],
  },
  {
    does: 'gives two sections of a page the same id',
    edit: (p) => {
      p.pages.landing.sections.push({ ...landing(p, 'hero') });
    },
    says: [
      'partners/acme.json /pages/landing/sections/6/id: sections 1 and 7 of this page are both named "hero"; each section of a page needs its own id',
    ],
  },
  {
    does: 'may list a block type twice under different ids',
    edit: (p) => {
      p.pages.landing.sections.push({ ...landing(p, 'hero'), id: 'second-hero' });
    },
    says: [],
  },
  {
    does: 'forgets the slug of an extra page, or takes one the site uses',
    edit: (p) => {
      p.pages.spring = { sections: [landing(p, 'hero')] };
      p.pages.summer = { slug: 'claim-offer', sections: [landing(p, 'hero')] };
    },
    says: [
      'partners/acme.json /pages/spring: the extra page "spring" needs a "slug": the last part of its address, like "spring-offer"',
      'partners/acme.json /pages/summer/slug: the address /acme/claim-offer is taken by the site itself; choose another slug',
    ],
  },
  {
    does: 'puts the offer block on the landing page',
    edit: (p) => {
      p.pages.landing.sections.push(p.pages.claimOffer.sections[0]!);
      p.pages.claimOffer.sections = [landing(p, 'hero')];
    },
    says: [
      `partners/acme.json /pages/landing/sections/6/type: ${landingOfferRefusal}`,
      'partners/acme.json /pages/claimOffer/sections: the claimOffer page needs exactly one "offer" section (it has 0): it holds the claim form',
    ],
  },
  {
    does: 'puts the offer in a variant of the landing page, or twice on a page',
    edit: (p) => {
      const offer = p.pages.claimOffer.sections[0]!;
      p.pages.landing.experiment = {
        variants: [{ id: 'b', weight: 50, sections: [landing(p, 'hero'), offer] }],
      };
      p.pages.claimOffer.sections.push({ ...offer, id: 'offer-2' });
      p.pages.spring = {
        slug: 'spring-offer',
        sections: [offer, landing(p, 'hero'), { ...offer, id: 'offer-again' }],
        experiment: {
          variants: [{ id: 'b', weight: 50, sections: [offer, { ...offer, id: 'offer-2' }] }],
        },
      };
    },
    // The pages as written first, then each variant (checked as its own version of the page).
    says: [
      'partners/acme.json /pages/claimOffer/sections: the claimOffer page needs exactly one "offer" section (it has 2): it holds the claim form',
      'partners/acme.json /pages/spring/sections/2/type: this page already shows the offer (section 1); a page shows it once, and its other buttons can lead to it with { "scrollToForm": true }',
      `partners/acme.json /pages/landing/experiment/variants/0/sections/1/type: ${landingOfferRefusal}`,
      'partners/acme.json /pages/spring/experiment/variants/0/sections/1/type: this page already shows the offer (section 1); a page shows it once, and its other buttons can lead to it with { "scrollToForm": true }',
    ],
  },
  {
    does: 'puts the offer block on a campaign page and in its variants (issue 21): passes',
    edit: (p) => {
      const offer: Block = {
        id: 'spring-claim',
        type: 'offer',
        props: { headerText: 'Spring offer', includedItems: ['A room-by-room plan'] },
      };
      p.pages.spring = {
        slug: 'spring-offer',
        title: 'Spring offer',
        description: 'Save this spring.',
        sections: [landing(p, 'hero'), offer, landing(p, 'footer')],
        experiment: {
          variants: [
            { id: 'offer-first', weight: 30, sections: [offer, landing(p, 'footer')] },
            { id: 'plainer', weight: 20, overrides: { 'spring-claim': { headerText: 'Save' } } },
          ],
        },
      };
    },
    says: [],
  },
  {
    does: "gives a campaign page's offer a badge color the text cannot be read on",
    edit: (p) => {
      p.pages.spring = {
        slug: 'spring-offer',
        sections: [{ id: 'claim', type: 'offer', props: { badgeBgColor: '#2F3437' } }],
      };
    },
    says: [
      'partners/acme.json /pages/spring/sections/0/props/badgeBgColor: the main text color on this badge color is too hard to read (contrast 1.0:1, at least 4.5:1 is needed); choose a darker or lighter color',
    ],
  },
  {
    does: 'gives a block props it does not take',
    edit: (p) => {
      (landing(p, 'howItWorks').props as unknown as Record<string, unknown>).subtitle = 'Steps';
    },
    says: [
      'partners/acme.json /pages/landing/sections/2/props/subtitle: "subtitle" is not a setting we know here; check its spelling or remove it',
    ],
  },
  {
    does: 'gives an FAQ item no question',
    edit: (p) => {
      p.pages.landing.sections.splice(5, 0, {
        id: 'faq',
        type: 'faq',
        props: { title: 'Questions', items: [{ answerHtml: 'Yes.' }] },
      } as unknown as Block);
    },
    says: [
      'partners/acme.json /pages/landing/sections/5/props/items/0: the setting "question" is missing',
    ],
  },
  {
    does: 'gives a stats row a single fact, or a value too long to show large',
    edit: (p) => {
      p.pages.landing.sections.splice(1, 0, {
        id: 'stats',
        type: 'stats',
        props: { items: [{ value: 'More than fifteen thousand', label: 'homes' }] },
      } as unknown as Block);
    },
    says: [
      'partners/acme.json /pages/landing/sections/1/props/items: needs at least 2 items (it has 1)',
      'partners/acme.json /pages/landing/sections/1/props/items/0/value: is too long: keep it to 12 characters or fewer (it has 26)',
    ],
  },
  {
    does: 'links a button to a page the file does not have',
    edit: (p) => {
      p.pages.landing.sections.splice(1, 0, {
        id: 'banner',
        type: 'ctaBanner',
        props: { title: 'Ready?', buttonText: 'See the offer', action: { page: 'summerOffer' } },
      });
    },
    says: [
      'partners/acme.json /pages/landing/sections/1/props/action/page: this button leads to the page "summerOffer", which this file does not have; use one of "landing"',
    ],
  },
  {
    does: 'links a button by the page slug instead of its key, or to the claim-offer page',
    edit: (p) => {
      p.pages.springOffer = {
        slug: 'spring-offer',
        sections: [
          landing(p, 'hero'),
          {
            id: 'picture',
            type: 'imageText',
            props: {
              image: '/partners/showcase/bathroom.svg',
              imageSide: 'left',
              title: 'Bathrooms',
              bodyHtml: 'Grab bars help.',
              button: { text: 'Claim it', action: { page: 'claimOffer' } },
            },
          },
        ],
      };
      p.pages.landing.sections.splice(1, 0, {
        id: 'banner',
        type: 'ctaBanner',
        props: { title: 'Spring', buttonText: 'See it', action: { page: 'spring-offer' } },
      });
    },
    says: [
      'partners/acme.json /pages/landing/sections/1/props/action/page: "spring-offer" is the slug of the page "springOffer"; name the page by its key: "springOffer"',
      'partners/acme.json /pages/springOffer/sections/1/props/button/action/page: the claim-offer page opens after the signup form is sent; use { "scrollToForm": true } to lead to the form instead',
    ],
  },
  {
    does: 'writes a button action in neither of its two shapes',
    edit: (p) => {
      p.pages.landing.sections.splice(1, 0, {
        id: 'banner',
        type: 'ctaBanner',
        props: {
          title: 'Ready?',
          buttonText: 'Sign up',
          action: { scrollToForm: true, page: 'landing' },
        },
      } as unknown as Block);
    },
    says: [
      'partners/acme.json /pages/landing/sections/1/props/action: should be either { "scrollToForm": true } or { "page": "<a page key under pages, such as springOffer>" }',
    ],
  },
  {
    does: 'puts a second footer on a page',
    edit: (p) => {
      p.pages.landing.sections.push({ id: 'footer-again', type: 'footer', props: {} });
    },
    says: [
      'partners/acme.json /pages/landing/sections/6/type: this page already has a footer (section 6); a page can have only one',
    ],
  },
  {
    does: 'shows a price that differs from what is charged',
    edit: (p) => {
      p.offer.amountCents = 5000;
    },
    says: [
      'partners/acme.json /offer/amountCents: the page shows $75.00 but 5000 cents would be charged; make the two agree',
    ],
  },
  {
    does: 'claims a host name that belongs to another partner',
    edit: (p) => {
      p.hosts = ['acme.example.com', 'localhost'];
    },
    says: [
      'partners/lowes.json /hosts/2: the host name "localhost" is also listed by partners/acme.json; a host name may select one partner only',
      'partners/acme.json /hosts/1: the host name "localhost" is also listed by partners/lowes.json; a host name may select one partner only',
    ],
  },
  {
    does: 'points at a picture that does not exist',
    edit: (p) => {
      landing(p, 'hero').props.desktopBg = '/partners/acme/hero.png';
    },
    says: [
      'partners/acme.json /pages/landing/sections/0/props/desktopBg: the file public/partners/acme/hero.png does not exist; add it or correct the path',
    ],
  },
  {
    does: 'misspells a setting',
    edit: (p) => {
      (landing(p, 'hero').props as unknown as Record<string, unknown>).titel = 'Hello';
    },
    says: [
      'partners/acme.json /pages/landing/sections/0/props/titel: "titel" is not a setting we know here; check its spelling or remove it',
    ],
  },
  {
    does: 'writes a color the wrong way',
    edit: (p) => {
      p.theme.brandColor = 'purple';
    },
    says: [
      'partners/acme.json /theme/brandColor: should be a color written as # and six hexadecimal digits, such as #2F3437',
    ],
  },
  {
    does: 'has three bullets instead of four',
    edit: (p) => {
      landing(p, 'eachAssessment').props.bullets.pop();
    },
    says: [
      'partners/acme.json /pages/landing/sections/1/props/bullets: needs exactly 4 items (it has 3)',
    ],
  },
  {
    does: 'uses a button color outside the palette',
    edit: (p) => {
      (p.form as { buttonColor: string }).buttonColor = '#FF0000';
    },
    says: [
      'partners/acme.json /form/buttonColor: should be green #B5DA9C or gold #E9CD94, not "#FF0000"',
    ],
  },
  {
    does: 'picks a brand color too light to read on white',
    edit: (p) => {
      p.theme.brandColor = '#9FC5E8';
    },
    says: [
      'partners/acme.json /theme/brandColor: the brand color on a white background is too hard to read (contrast 1.8:1, at least 4.5:1 is needed); choose a darker or lighter color',
    ],
  },
  {
    does: 'has no email field',
    edit: (p) => {
      p.form.fields = p.form.fields.filter(
        (field) => field.name !== 'email',
      ) as typeof p.form.fields;
    },
    says: [
      'partners/acme.json /form/fields: the form needs a required field named "email" of type "email": signup sends the email address',
    ],
  },
  {
    does: 'writes a regular expression that does not compile',
    edit: (p) => {
      p.form.fields[1] = {
        ...p.form.fields[1]!,
        validation: {
          kind: 'regex',
          pattern: '^(9\\d{4}',
          message: 'Only zip codes starting with 9',
        },
      };
    },
    says: [
      'partners/acme.json /form/fields/1/validation/pattern: this pattern is not a valid regular expression',
    ],
  },
  {
    does: 'writes true or false in quotes',
    edit: (p) => {
      (p.form.fields[0] as unknown as Record<string, unknown>).required = 'yes';
    },
    says: ['partners/acme.json /form/fields/0/required: should be true or false (without quotes)'],
  },
];

describe('the real partner files', () => {
  it('pass every check', () => {
    const result = checkConfig({ partnerFiles: realFiles, siteFile, assetExists });
    expect(formatProblems(result.problems)).toBe('');
    expect(result.partners.map((p) => p.id)).toEqual(['default', 'demo', 'cor-freedom', 'lowes']);
    expect(result.site?.copyrightYear).toBe(2025);
  });

  it('the showcase file, with every block type twice and a campaign page, passes every check', () => {
    const result = checkConfig({
      partnerFiles: [...realFiles, readProjectFile('partners/showcase.json')],
      siteFile,
      assetExists,
    });
    expect(formatProblems(result.problems)).toBe('');
    const showcase = result.partners.find((p) => p.id === 'showcase')!;
    const counts = new Map<string, number>();
    for (const section of showcase.pages.landing.sections)
      counts.set(section.type, (counts.get(section.type) ?? 0) + 1);
    // Every type a landing page can show, twice; one footer (a page has one), and the offer
    // block, which the landing page cannot show, on the claim-offer and campaign pages.
    for (const type of blockTypes.filter((t) => t !== 'offer' && t !== 'footer'))
      expect(counts.get(type), type).toBe(2);
    expect(counts.get('footer')).toBe(1);
    expect(showcase.pages.springOffer?.slug).toBe('spring-offer');
    // Its campaign page takes the claim itself: the offer with the signup form (issue 21).
    expect(
      showcase.pages.springOffer?.sections.filter((section) => section.type === 'offer'),
    ).toHaveLength(1);
  });

  it('a copy of demo with a new id is a valid fifth partner', () => {
    expect(checkWith(acmePartner())).toEqual([]);
  });
});

describe('a broken partner file is explained with the file, the JSON pointer and one sentence', () => {
  it('is not JSON', () => {
    expect(
      checkWith({
        path: 'partners/acme.json',
        text: '{\n  "id": "acme",\n  "name": "Acme"\n  "hosts": []\n}',
      }),
    ).toEqual([
      'partners/acme.json /: this file is not valid JSON near line 4, column 3; look for a missing comma, quote or bracket',
    ]);
  });

  it('names a file differently from its id', () => {
    expect(checkWith(acmePartner(), 'partners/acme-health.json')).toEqual([
      'partners/acme-health.json /id: the id "acme" must match the file name; rename the file to acme.json or change the id',
    ]);
  });

  it('leaves out a required setting', () => {
    const partner = broken((p) => {
      delete (landing(p, 'hero').props as { title?: string }).title;
    });
    expect(checkWith(partner)).toEqual([
      'partners/acme.json /pages/landing/sections/0/props: the setting "title" is missing',
    ]);
    // The missing setting's name as data too: the studio puts the sentence under its empty field.
    const file = { path: 'partners/acme.json', text: JSON.stringify(partner) };
    const { problems } = checkConfig({ partnerFiles: [...realFiles, file], siteFile, assetExists });
    expect(problems).toEqual([
      expect.objectContaining({ pointer: '/pages/landing/sections/0/props', missing: 'title' }),
    ]);
  });

  it('writes an id with capitals and spaces', () => {
    const partner = broken((p) => {
      p.id = 'Acme Health';
    });
    expect(checkWith(partner)).toContain(
      'partners/acme.json /id: should be lower-case letters, digits and single dashes, like "cor-freedom"',
    );
  });

  it('goes without the default partner', () => {
    const { problems } = checkConfig({ partnerFiles: realFiles.slice(1), siteFile, assetExists });
    expect(formatProblems(problems)).toBe(
      'partners/default.json /: this file is missing; every unknown partner address falls back to it',
    );
  });

  checkEach(brokenFiles, broken);
});

describe('a partner file in an older format', () => {
  const v1 = (id: string): ConfigFile => readProjectFile(`tests/fixtures/partners-v1/${id}.json`);

  it('still loads: upgraded in memory with a plain warning, equal to the migrated file', () => {
    const ids = ['default', 'demo', 'cor-freedom', 'lowes'];
    const result = checkConfig({ partnerFiles: ids.map(v1), siteFile, assetExists });
    expect(formatProblems(result.problems)).toBe('');
    expect(formatProblems(result.warnings)).toContain(
      'tests/fixtures/partners-v1/demo.json /schemaVersion: this file is in format version 1 and was upgraded to version 2 in memory',
    );
    // What the migration must make of them: the same files written in version 2, kept beside
    // them (not the shipped partners, which go on changing in ways version 1 could not write).
    const upgraded = checkConfig({
      partnerFiles: ids.map((id) =>
        readProjectFile(`tests/fixtures/partners-v1-upgraded/${id}.json`),
      ),
      siteFile,
      assetExists,
    });
    expect(upgraded.warnings).toEqual([]);
    expect(upgraded.problems).toEqual([]);
    expect(result.partners).toEqual(upgraded.partners);
  });
});

describe('experiments and schedules (issue 21): a partner file that', () => {
  /** The demo copy with a landing experiment: control 50, variant "b" 50 overriding the hero. */
  function withExperiment(mutate: (partner: Editable) => void = () => {}): PartnerConfig {
    return broken((p) => {
      p.pages.landing.experiment = {
        controlWeight: 50,
        variants: [{ id: 'b', weight: 50, overrides: { hero: { title: 'Fewer falls at home' } } }],
      };
      mutate(p);
    });
  }
  const variant = (p: PartnerConfig) => p.pages.landing.experiment!.variants[0]!;

  checkEach(
    [
      {
        does: 'gives every version weight 0',
        edit: (p) => {
          p.pages.landing.experiment!.controlWeight = 0;
          variant(p).weight = 0;
        },
        says: [
          'partners/acme.json /pages/landing/experiment: the control and every variant have weight 0, so no visitor would be put in any of them; give at least one a weight above 0',
        ],
      },
      {
        does: 'writes a negative weight',
        edit: (p) => {
          variant(p).weight = -10;
        },
        says: [
          'partners/acme.json /pages/landing/experiment/variants/0/weight: should be at least 0',
        ],
      },
      {
        does: 'names a variant "control", or two variants alike',
        edit: (p) => {
          variant(p).id = 'control';
          p.pages.landing.experiment!.variants.push({
            id: 'control',
            weight: 10,
            overrides: { hero: { title: 'Again' } },
          });
        },
        says: [
          'partners/acme.json /pages/landing/experiment/variants/0/id: "control" is the name of the page as written; give the variant another id',
          'partners/acme.json /pages/landing/experiment/variants/1/id: "control" is the name of the page as written; give the variant another id',
          'partners/acme.json /pages/landing/experiment/variants/1/id: variants 1 and 2 of this page are both named "control"; each variant needs its own id',
        ],
      },
      {
        does: 'overrides a section the page does not have (its other overrides are still checked)',
        edit: (p) => {
          variant(p).overrides = { heroo: { title: 'Typo' }, hero: { title: '' } };
        },
        says: [
          'partners/acme.json /pages/landing/experiment/variants/0/overrides/heroo: this page has no section "heroo" to override; its sections are "hero", "each-assessment", "how-it-works", "testimonials", "get-the-scan", "footer"',
          'partners/acme.json /pages/landing/experiment/variants/0/overrides/hero/title: cannot be empty',
        ],
      },
      {
        does: 'overrides a prop with a value the block cannot take, or one it does not know',
        edit: (p) => {
          variant(p).overrides = { hero: { title: '', headline: 'Unknown' } };
        },
        says: [
          'partners/acme.json /pages/landing/experiment/variants/0/overrides/hero/headline: "headline" is not a setting we know here; check its spelling or remove it',
          'partners/acme.json /pages/landing/experiment/variants/0/overrides/hero/title: cannot be empty',
        ],
      },
      {
        does: 'gives a variant both its own sections and overrides, or neither',
        edit: (p) => {
          variant(p).sections = [landing(p, 'hero')];
          p.pages.landing.experiment!.variants.push({ id: 'c', weight: 10 });
        },
        says: [
          'partners/acme.json /pages/landing/experiment/variants/0: a variant either changes some of the page\'s blocks ("overrides") or has a list of blocks of its own ("sections"), not both; remove one',
          'partners/acme.json /pages/landing/experiment/variants/1: this variant shows nothing new yet: change a setting of one of its blocks ("overrides"), or give it a list of blocks of its own ("sections")',
        ],
      },
      {
        does: "puts a second footer in a variant's own sections",
        edit: (p) => {
          delete variant(p).overrides;
          variant(p).sections = [landing(p, 'footer'), { ...landing(p, 'footer'), id: 'footer-2' }];
        },
        says: [
          'partners/acme.json /pages/landing/experiment/variants/0/sections/1/type: this page already has a footer (section 1); a page can have only one',
        ],
      },
      {
        does: 'ends a schedule before it starts, writes a date that does not exist, or schedules the landing page',
        edit: (p) => {
          variant(p).schedule = {
            start: '2026-12-01T09:00:00-05:00',
            end: '2026-11-30T09:00:00-05:00',
          };
          p.pages.winter = {
            slug: 'winter-offer',
            schedule: { start: '2026-02-30T09:00:00Z' },
            sections: p.pages.landing.sections,
          };
          p.pages.landing.schedule = { end: '2027-01-01T00:00:00Z' };
        },
        says: [
          'partners/acme.json /pages/landing/schedule: the landing page is always live; only extra campaign pages can have a schedule (a variant of this page can)',
          'partners/acme.json /pages/landing/experiment/variants/0/schedule/end: the schedule ends on Nov 30, 2026, 2:00 PM UTC, before it starts on Dec 1, 2026, 2:00 PM UTC; the end must come after the start',
          'partners/acme.json /pages/winter/schedule/start: 2026-02-30T09:00:00Z is not a real date and time; check the month, day and hour',
        ],
      },
      {
        does: 'asks for hash version 2 without a seed, or gives a seed hash version 1 ignores',
        edit: (p) => {
          p.pages.landing.experiment!.hashVersion = 2;
          p.pages.claimOffer.experiment = {
            hashVersion: 1,
            seed: 'spring-2027',
            variants: [{ id: 'c', weight: 50, overrides: { offer: { headerText: 'Yours' } } }],
          };
        },
        says: [
          'partners/acme.json /pages/landing/experiment/hashVersion: hash version 2 draws visitors with the test\'s seed, and this test has none; add a "seed" naming this test, such as "spring-2027-headline"',
          'partners/acme.json /pages/claimOffer/experiment/seed: hash version 1 draws visitors without a seed, so this one would change nothing; remove the "seed", or the "hashVersion" for a test that draws afresh (only before it starts: a running test\'s visitors would change versions)',
        ],
      },
      {
        does: 'writes a time without its zone',
        edit: (p) => {
          variant(p).schedule = { start: '2026-12-01 09:00' };
        },
        says: [
          'partners/acme.json /pages/landing/experiment/variants/0/schedule/start: should be a date and time with its zone, such as "2026-12-01T09:00:00-05:00"',
        ],
      },
    ],
    withExperiment,
  );

  it('splits its landing page 50/50 and opens a campaign page tomorrow: passes', () => {
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const partner = withExperiment((p) => {
      p.pages.winter = {
        slug: 'winter-offer',
        schedule: { start: tomorrow },
        sections: p.pages.landing.sections,
      };
    });
    expect(checkWith(partner)).toEqual([]);
  });

  it('gives the claim-offer page a variant: allowed (the app asks the server for its version), and checked like any', () => {
    const good = broken((p) => {
      p.pages.claimOffer.experiment = {
        variants: [{ id: 'b', weight: 50, overrides: { offer: { offerBadgeText: 'Today only' } } }],
      };
    });
    expect(checkWith(good)).toEqual([]);
    const bad = broken((p) => {
      p.pages.claimOffer.experiment = {
        variants: [{ id: 'b', weight: 50, overrides: { hero: { title: 'Hello' } } }],
      };
    });
    expect(checkWith(bad)).toEqual([
      'partners/acme.json /pages/claimOffer/experiment/variants/0/overrides/hero: this page has no section "hero" to override; its sections are "offer"',
    ]);
  });

  it("ends the offer's dates before they start, or writes one that does not exist", () => {
    const backwards = broken((p) => {
      p.offer.schedule = { start: '2027-04-01T00:00:00-05:00', end: '2027-03-01T00:00:00-05:00' };
    });
    expect(checkWith(backwards)).toEqual([
      'partners/acme.json /offer/schedule/end: the schedule ends on Mar 1, 2027, 5:00 AM UTC, before it starts on Apr 1, 2027, 5:00 AM UTC; the end must come after the start',
    ]);
    const impossible = broken((p) => {
      p.offer.schedule = { end: '2027-02-30T00:00:00Z' };
    });
    expect(checkWith(impossible)).toEqual([
      'partners/acme.json /offer/schedule/end: 2027-02-30T00:00:00Z is not a real date and time; check the month, day and hour',
    ]);
  });
});

describe("a variant's blocks get every check the page as written gets (issue 21)", () => {
  const unreadableBadge = (at: string) =>
    `partners/acme.json ${at}: the main text color on this badge color is too hard to read (contrast 1.0:1, at least 4.5:1 is needed); choose a darker or lighter color`;
  const offer: Block = {
    id: 'claim',
    type: 'offer',
    props: { headerText: 'Spring offer', includedItems: ['A room-by-room plan'] },
  };
  type Variants = NonNullable<Page['experiment']>['variants'];
  /**
   * The demo copy with a campaign page "spring" (hero, offer, banner, testimonials, footer) and
   * these variants (or the ones `variants` makes from the copy).
   */
  function withCampaign(
    variants: Variants | ((partner: PartnerConfig) => Variants),
    mutate: (partner: PartnerConfig) => void = () => {},
  ): PartnerConfig {
    return broken((p) => {
      p.pages.spring = {
        slug: 'spring-offer',
        sections: [
          landing(p, 'hero'),
          offer,
          {
            id: 'banner',
            type: 'ctaBanner',
            props: { title: 'Ready?', buttonText: 'See it', action: { scrollToForm: true } },
          },
          landing(p, 'testimonials'),
          landing(p, 'footer'),
        ],
        experiment: { variants: typeof variants === 'function' ? variants(p) : variants },
      };
      mutate(p);
    });
  }

  it('overrides the offer badge with a color the text cannot be read on', () => {
    const partner = withCampaign([
      { id: 'dark', weight: 50, overrides: { claim: { badgeBgColor: '#2F3437' } } },
    ]);
    expect(checkWith(partner)).toEqual([
      unreadableBadge('/pages/spring/experiment/variants/0/overrides/claim/badgeBgColor'),
    ]);
  });

  it("overrides the claim-offer page's badge with a color the text cannot be read on", () => {
    const partner = broken((p) => {
      p.pages.claimOffer.experiment = {
        variants: [{ id: 'dark', weight: 50, overrides: { offer: { badgeBgColor: '#2F3437' } } }],
      };
    });
    expect(checkWith(partner)).toEqual([
      unreadableBadge('/pages/claimOffer/experiment/variants/0/overrides/offer/badgeBgColor'),
    ]);
  });

  it("overrides a banner's button with a page the file does not have", () => {
    const partner = withCampaign([
      { id: 'summer', weight: 50, overrides: { banner: { action: { page: 'summerOffer' } } } },
    ]);
    expect(checkWith(partner)).toEqual([
      'partners/acme.json /pages/spring/experiment/variants/0/overrides/banner/action/page: this button leads to the page "summerOffer", which this file does not have; use one of "landing", "spring"',
    ]);
  });

  it('overrides the testimonials with two that share an id', () => {
    const partner = withCampaign((p) => {
      const [first, second] = landing(p, 'testimonials').props.items;
      return [
        {
          id: 'one-voice',
          weight: 50,
          overrides: {
            testimonials: { items: [first!, second!, { ...first!, author: 'Someone else' }] },
          },
        },
      ];
    });
    expect(checkWith(partner)).toEqual([
      `partners/acme.json /pages/spring/experiment/variants/0/overrides/testimonials/items/2/id: another testimonial already uses the id "${landing(partner, 'testimonials').props.items[0]!.id}"`,
    ]);
  });

  it('overrides a picture with one that does not exist: reported once, at the override', () => {
    const partner = withCampaign([
      { id: 'photo', weight: 50, overrides: { hero: { desktopBg: '/partners/acme/hero.png' } } },
    ]);
    expect(checkWith(partner)).toEqual([
      'partners/acme.json /pages/spring/experiment/variants/0/overrides/hero/desktopBg: the file public/partners/acme/hero.png does not exist; add it or correct the path',
    ]);
  });

  it('lists its own sections with an unreadable badge, a dead link and a repeated testimonial', () => {
    const partner = withCampaign((p) => {
      const testimonials = landing(p, 'testimonials');
      const [first, second] = testimonials.props.items;
      return [
        {
          id: 'own',
          weight: 50,
          sections: [
            { ...offer, props: { ...offer.props, badgeBgColor: '#2F3437' } } as Block,
            {
              id: 'banner',
              type: 'ctaBanner',
              props: { title: 'Ready?', buttonText: 'See it', action: { page: 'summerOffer' } },
            },
            { ...testimonials, props: { ...testimonials.props, items: [first!, second!, first!] } },
          ],
        },
      ];
    });
    expect(checkWith(partner)).toEqual([
      `partners/acme.json /pages/spring/experiment/variants/0/sections/2/props/items/2/id: another testimonial already uses the id "${landing(partner, 'testimonials').props.items[0]!.id}"`,
      'partners/acme.json /pages/spring/experiment/variants/0/sections/1/props/action/page: this button leads to the page "summerOffer", which this file does not have; use one of "landing", "spring"',
      unreadableBadge('/pages/spring/experiment/variants/0/sections/0/props/badgeBgColor'),
    ]);
  });

  it('reports a problem of the page as written once, not again for each variant that keeps it', () => {
    const partner = withCampaign(
      [
        // Overrides another setting of the same block, or the color with a readable one.
        { id: 'shorter', weight: 20, overrides: { claim: { headerText: 'Save' } } },
        { id: 'lighter', weight: 20, overrides: { claim: { badgeBgColor: '#FFFFFF' } } },
        { id: 'hero', weight: 20, overrides: { hero: { title: 'Spring is here' } } },
      ],
      (p) => {
        p.pages.spring!.sections[1] = {
          ...offer,
          props: { ...offer.props, badgeBgColor: '#2F3437' },
        } as Block;
      },
    );
    expect(checkWith(partner)).toEqual([
      unreadableBadge('/pages/spring/sections/1/props/badgeBgColor'),
    ]);
  });

  it("reports an override that repeats the page's problem at the override too: both need fixing", () => {
    const partner = withCampaign(
      [{ id: 'same', weight: 50, overrides: { claim: { badgeBgColor: '#2F3437' } } }],
      (p) => {
        p.pages.spring!.sections[1] = {
          ...offer,
          props: { ...offer.props, badgeBgColor: '#2F3437' },
        } as Block;
      },
    );
    expect(checkWith(partner)).toEqual([
      unreadableBadge('/pages/spring/sections/1/props/badgeBgColor'),
      unreadableBadge('/pages/spring/experiment/variants/0/overrides/claim/badgeBgColor'),
    ]);
  });

  it('with a readable override, its own sections and a placeholder in an override: passes', () => {
    const partner = withCampaign([
      { id: 'gold', weight: 30, overrides: { claim: { badgeBgColor: '#E9CD94' } } },
      {
        id: 'words',
        weight: 30,
        overrides: { hero: { title: 'Safer {{utm_term | "rooms"}} this spring' } },
      },
      { id: 'offer-first', weight: 30, sections: [offer, landing(acmePartner(), 'footer')] },
    ]);
    expect(checkWith(partner)).toEqual([]);
  });
});
