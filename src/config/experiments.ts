import { CONTROL } from './constants.ts';
import type { Experiment, Page, PartnerConfig, Schedule, Block } from './generated/partner.ts';

/**
 * A page's versions in an A/B test (the partner file's `experiment`), and the pure rules shared by
 * the build (which prerenders each version), the server (which picks one per visitor) and the
 * report (which compares them): which versions are live at a moment, which one a visitor gets,
 * and what a version's page is. No I/O and no clock of its own: callers pass `now`.
 */
// "control": kept in constants.ts, which every page already loads (the claim-offer step needs it).
export { CONTROL };
/** The control's weight when the file names none: an even split against one variant of 50. */
export const DEFAULT_CONTROL_WEIGHT = 50;

export interface PageVersion {
  /** 'control' (the page as written) or a variant's id. */
  id: string;
  weight: number;
  schedule?: Schedule;
}

/** The page's versions, control first; a page without an experiment has the control only. */
export function pageVersions(page: Page): PageVersion[] {
  const control: PageVersion = {
    id: CONTROL,
    weight: page.experiment ? (page.experiment.controlWeight ?? DEFAULT_CONTROL_WEIGHT) : 1,
  };
  return [
    control,
    ...(page.experiment?.variants ?? []).map((variant) => ({
      id: variant.id,
      weight: variant.weight,
      ...(variant.schedule ? { schedule: variant.schedule } : {}),
    })),
  ];
}

/** Whether `now` (epoch ms) is inside the schedule: start included, end excluded. */
export function isLive(schedule: Schedule | undefined, now: number): boolean {
  if (!schedule) return true;
  if (schedule.start !== undefined && now < Date.parse(schedule.start)) return false;
  if (schedule.end !== undefined && now >= Date.parse(schedule.end)) return false;
  return true;
}

/**
 * The versions a visitor may be put in at `now`: live and with a weight. An ended or paused
 * variant's share goes to the others, as their weights say; when nothing is left, the control.
 */
export function liveVersions(page: Page, now: number): PageVersion[] {
  const live = pageVersions(page).filter(
    (version) => version.weight > 0 && isLive(version.schedule, now),
  );
  return live.length > 0 ? live : [{ id: CONTROL, weight: 1 }];
}

/**
 * cyrb53 (a public-domain 53-bit string hash): fast, well mixed, and the same in every browser
 * and in Node, so any instance puts a visitor in the same version with no shared state.
 */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The version a visitor sees: weighted rendezvous hashing. Each version scores
 * -ln(u) / weight, u uniform in (0, 1) from the visitor, the page and the version, and the lowest
 * wins, which picks each version with probability weight / total. Unlike cutting one number line
 * by the weights, a variant that ends (or starts, or is reweighted) moves only the visitors it
 * must: everybody else keeps the version they had.
 */
export function assignVersion(
  visitorId: string,
  scope: string,
  versions: readonly PageVersion[],
): string {
  let best = CONTROL;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const version of versions) {
    if (version.weight <= 0) continue;
    const u = (hash53(`${visitorId}\u0000${scope}\u0000${version.id}`) + 0.5) / 2 ** 53;
    const score = -Math.log(u) / version.weight;
    if (score < bestScore) {
      bestScore = score;
      best = version.id;
    }
  }
  return best;
}

/** The scope a visitor's version is drawn in under hash version 1: one draw per partner and page. */
export const versionScope = (partnerId: string, pageKey: string) => `${partnerId}/${pageKey}`;

/**
 * How a test draws its visitors (the experiment's `hashVersion`). 1: in the page's scope alone,
 * so a later test on the page puts the same people first again; every test from before seeds
 * keeps it, and so every visitor's version. 2: in the page's scope and the test's seed, so each
 * test draws afresh. A seed without a version means 2; neither means 1.
 */
export type HashVersion = NonNullable<Experiment['hashVersion']>;

export const hashVersionOf = (experiment: Experiment): HashVersion =>
  experiment.hashVersion ?? (experiment.seed === undefined ? 1 : 2);

/**
 * The scope a test on this page draws its visitors in (see hashVersionOf). Under version 2 the
 * seed is part of it, after a character no seed or page key can hold, so two tests with
 * different seeds score every version independently. A version 2 test without a seed, which the
 * partner check refuses, draws as version 1 would rather than fail a page load.
 */
export function drawScope(partnerId: string, pageKey: string, experiment: Experiment): string {
  const scope = versionScope(partnerId, pageKey);
  if (hashVersionOf(experiment) === 1 || experiment.seed === undefined) return scope;
  return `${scope}\u0000v2\u0000${experiment.seed}`;
}

/**
 * Which of a page's tests a visitor's assignment belongs to, so the report counts each test apart
 * (experiment_assignments.test): '' when the test draws as hash version 1 (every test without a
 * seed shares the page's draw, so to the count they are one test, as before seeds), else the hash
 * version and the seed, "2:spring-2027-headline". Blank exactly when drawScope is the page's own.
 */
export function testKey(experiment: Experiment): string {
  if (hashVersionOf(experiment) === 1 || experiment.seed === undefined) return '';
  return `${hashVersionOf(experiment)}:${experiment.seed}`;
}

/** A page as one of its versions shows it, without the experiment (the browser never needs it). */
export function versionPage(page: Page, versionId: string): Page {
  const { experiment, ...rest } = page;
  if (versionId === CONTROL) return rest;
  const variant = experiment?.variants.find((candidate) => candidate.id === versionId);
  if (!variant) throw new Error(`The page has no variant "${versionId}"`);
  if (variant.sections) return { ...rest, sections: variant.sections };
  const overrides = variant.overrides ?? {};
  const sections = rest.sections.map((section) => {
    const props = overrides[section.id];
    return props ? ({ ...section, props: { ...section.props, ...props } } as Block) : section;
  });
  return { ...rest, sections: sections as Page['sections'] };
}

/** The partner without any page's experiment: what the browser gets. */
export function withoutExperiments(partner: PartnerConfig): PartnerConfig {
  const pages = Object.fromEntries(
    Object.entries(partner.pages).map(([key, page]) => [key, versionPage(page, CONTROL)]),
  ) as PartnerConfig['pages'];
  const rest: PartnerConfig = { ...partner, pages };
  delete rest.experimentCookie;
  return rest;
}

/** The partner as a page's version shows it: that page's version, the other pages' controls. */
export function partnerForVersion(
  partner: PartnerConfig,
  pageKey: string,
  versionId: string,
): PartnerConfig {
  const page = partner.pages[pageKey];
  if (!page) throw new Error(`${partner.id} has no page "${pageKey}"`);
  const plain = withoutExperiments(partner);
  return { ...plain, pages: { ...plain.pages, [pageKey]: versionPage(page, versionId) } };
}

/** Whether the partner's visitors are put in variants at all (the cookie may be turned off). */
export const experimentsEnabled = (partner: PartnerConfig) => partner.experimentCookie !== false;

/**
 * Pages the app opens itself, without loading them from the server: the claim-offer page, which
 * the signup reaches with its data in navigation state. The server cannot pick their version on a
 * page load, so the app asks it (GET /api/page-version) when one of them has an experiment.
 */
export const IN_APP_PAGES = ['claimOffer'] as const;

/**
 * What the funnel report (the table and the studio's results) says under a page the signup leads
 * to: each step counts what a visitor did from the page on.
 */
export function signupStepNote(pageKey: string): string | undefined {
  return (IN_APP_PAGES as readonly string[]).includes(pageKey)
    ? '"signed up" counts only visitors who signed up on this page (who came by a link); those sent here by the landing page\'s signup had signed up already, so compare these versions on the later steps.'
    : undefined;
}

/**
 * The partner's pages that run an experiment (none when its cookie is turned off): every page of
 * the partner names them, so the app asks the server for the version of one it opens itself, and
 * loads one from the server rather than show the version it happens to hold.
 */
export function experimentPages(partner: PartnerConfig): string[] {
  if (!experimentsEnabled(partner)) return [];
  return Object.keys(partner.pages).filter((key) => partner.pages[key]?.experiment !== undefined);
}
