import type { Page, PartnerConfig } from '../../generated/partner.ts';
import { CONTROL, partnerForVersion, pageVersions } from '../../experiments.ts';
import type { Problem } from './problem.ts';

/**
 * What the schema cannot say about a page's experiment and schedules (src/config/experiments.ts): each
 * variant is either a section list or overrides, ids are distinct and not "control", someone
 * gets to see the page, schedules end after they start, overrides name sections the page has,
 * and a variant's page, once its overrides are applied, is still a valid page.
 */
const fixedPages = new Set(['landing', 'claimOffer']);

/**
 * The moment an ISO time names, or NaN when a part is out of range: Date.parse alone takes
 * 2026-02-30 for 2 March.
 */
function moment(text: string): number {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!parts) return Number.NaN;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year ?? 0, month ?? 0, 0)).getUTCDate();
  const valid =
    (month ?? 0) >= 1 &&
    (month ?? 0) <= 12 &&
    (day ?? 0) >= 1 &&
    (day ?? 0) <= daysInMonth &&
    (hour ?? 0) <= 23 &&
    (minute ?? 0) <= 59 &&
    (second ?? 0) <= 59;
  return valid ? Date.parse(text) : Number.NaN;
}

/** "Nov 30, 2026, 2:00 PM UTC": a moment in words, in UTC (the file's offsets are not for people). */
const inWords = (epochMs: number) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(epochMs)} UTC`;

function scheduleProblems(
  schedule: { start?: string; end?: string } | undefined,
  at: string,
): [string, string][] {
  if (!schedule) return [];
  const found: [string, string][] = [];
  const start = schedule.start === undefined ? undefined : moment(schedule.start);
  const end = schedule.end === undefined ? undefined : moment(schedule.end);
  if (start !== undefined && Number.isNaN(start))
    found.push([
      `${at}/start`,
      `${schedule.start} is not a real date and time; check the month, day and hour`,
    ]);
  if (end !== undefined && Number.isNaN(end))
    found.push([
      `${at}/end`,
      `${schedule.end} is not a real date and time; check the month, day and hour`,
    ]);
  if (start !== undefined && end !== undefined && !Number.isNaN(start + end) && end <= start)
    found.push([
      `${at}/end`,
      `the schedule ends on ${inWords(end)}, before it starts on ${inWords(start)}; the end must come after the start`,
    ]);
  return found;
}

function pageProblems(name: string, at: string, page: Page): [string, string][] {
  const found: [string, string][] = [];
  if (page.schedule && fixedPages.has(name)) {
    found.push([
      `${at}/schedule`,
      `the ${name} page is always live; only extra campaign pages can have a schedule (a variant of this page can)`,
    ]);
  } else {
    found.push(...scheduleProblems(page.schedule, `${at}/schedule`));
  }
  const experiment = page.experiment;
  if (!experiment) return found;
  if (experiment.hashVersion === 2 && experiment.seed === undefined) {
    found.push([
      `${at}/experiment/hashVersion`,
      'hash version 2 draws visitors with the test\'s seed, and this test has none; add a "seed" naming this test, such as "spring-2027-headline"',
    ]);
  }
  if (experiment.hashVersion === 1 && experiment.seed !== undefined) {
    found.push([
      `${at}/experiment/seed`,
      'hash version 1 draws visitors without a seed, so this one would change nothing; remove the "seed", or the "hashVersion" for a test that draws afresh (only before it starts: a running test\'s visitors would change versions)',
    ]);
  }
  const blockIds = page.sections.map((section) => section.id);
  const ids = new Map<string, number>();
  experiment.variants.forEach((variant, index) => {
    const vat = `${at}/experiment/variants/${index}`;
    if (variant.id === CONTROL) {
      found.push([
        `${vat}/id`,
        '"control" is the name of the page as written; give the variant another id',
      ]);
    }
    const earlier = ids.get(variant.id);
    if (earlier !== undefined) {
      found.push([
        `${vat}/id`,
        `variants ${earlier + 1} and ${index + 1} of this page are both named "${variant.id}"; each variant needs its own id`,
      ]);
    }
    ids.set(variant.id, index);
    const hasBlocks = variant.sections !== undefined;
    const hasOverrides = variant.overrides !== undefined;
    if (hasBlocks === hasOverrides) {
      found.push([
        vat,
        hasBlocks
          ? 'a variant either changes some of the page\'s blocks ("overrides") or has a list of blocks of its own ("sections"), not both; remove one'
          : 'this variant shows nothing new yet: change a setting of one of its blocks ("overrides"), or give it a list of blocks of its own ("sections")',
      ]);
    }
    for (const blockId of Object.keys(variant.overrides ?? {})) {
      if (!blockIds.includes(blockId)) {
        found.push([
          `${vat}/overrides/${blockId}`,
          `this page has no section "${blockId}" to override; its sections are ${blockIds.map((id) => `"${id}"`).join(', ')}`,
        ]);
      }
    }
    found.push(...scheduleProblems(variant.schedule, `${vat}/schedule`));
  });
  const total = pageVersions(page).reduce((sum, version) => sum + version.weight, 0);
  if (total <= 0) {
    found.push([
      `${at}/experiment`,
      'the control and every variant have weight 0, so no visitor would be put in any of them; give at least one a weight above 0',
    ]);
  }
  return found;
}

export function experimentProblems(file: string, config: PartnerConfig): Problem[] {
  const found = [
    // A limited-time offer's dates (src/config/offer.ts offerState).
    ...scheduleProblems(config.offer.schedule, '/offer/schedule'),
    ...Object.entries(config.pages).flatMap(([name, page]) =>
      pageProblems(name, `/pages/${name}`, page),
    ),
  ];
  return found.map(([pointer, message]) => ({ file, pointer, message }));
}

/**
 * Each variant with overrides, applied, checked against the partner schema (`validate` returns
 * the schema's problems for a whole partner). A problem inside an overridden section is reported
 * at the override that caused it: /pages/landing/sections/0/props/title becomes
 * /pages/landing/experiment/variants/1/overrides/hero/title.
 */
export function overrideProblems(
  file: string,
  config: PartnerConfig,
  validate: (partner: PartnerConfig) => Problem[],
): Problem[] {
  const found: Problem[] = [];
  for (const [name, page] of Object.entries(config.pages)) {
    page.experiment?.variants.forEach((variant, index) => {
      if (!variant.overrides || variant.sections) return;
      const ids = page.sections.map((section) => section.id);
      // Overrides of sections the page lacks are reported by experimentProblems; the others are
      // still checked.
      const known = Object.fromEntries(
        Object.entries(variant.overrides).filter(([id]) => ids.includes(id)),
      );
      if (Object.keys(known).length === 0) return;
      const checked: PartnerConfig = {
        ...config,
        pages: {
          ...config.pages,
          [name]: {
            ...page,
            experiment: {
              ...page.experiment,
              variants: [{ ...variant, overrides: known }],
            },
          },
        },
      };
      const blocksAt = `/pages/${name}/sections/`;
      for (const problem of validate(partnerForVersion(checked, name, variant.id))) {
        if (!problem.pointer.startsWith(blocksAt)) continue;
        const [position = '', ...rest] = problem.pointer.slice(blocksAt.length).split('/');
        const blockId = page.sections[Number(position)]?.id;
        if (blockId === undefined || !(blockId in variant.overrides)) continue;
        const below = rest[0] === 'props' ? rest.slice(1) : rest;
        found.push({
          file,
          pointer: [`/pages/${name}/experiment/variants/${index}/overrides/${blockId}`, ...below]
            .join('/')
            .replace(/\/$/, ''),
          message: problem.message,
        });
      }
    });
  }
  return found;
}
