import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { pagesToPrerender, variantDir } from '../../src/config/prerenderPages.ts';
import {
  assignVersion,
  CONTROL,
  drawScope,
  experimentsEnabled,
  isLive,
  liveVersions,
  testKey,
} from '../../src/config/experiments.ts';
import type { Assignment } from '../storage/repository.ts';
import { isBot, newVisitorId, visitorCookie, visitorIdFrom } from './visitor.ts';
import { weightsKey } from './weightsKey.ts';

/**
 * Which file answers a prerendered page's address for this visitor (spa.ts asks): the page as
 * written, or the version of it the visitor is in (src/config/experiments.ts), prerendered beside
 * it at <page>/_v/<variant>/. A campaign page outside its schedule sends the visitor to the
 * partner's landing page instead. Stateless: the version follows from the visitor's cookie, so
 * every instance gives the same one; the first visit of each page is recorded for the report.
 */
export interface PageChoice {
  /** The folder (relative to the build) whose index.html answers, or where to send the visitor. */
  dir?: string;
  redirect?: string;
  /** When the answer may not be cached like any page (it depends on the visitor). */
  cacheControl?: string;
}

export interface PageVersionsOptions {
  partners: readonly PartnerConfig[];
  now: () => number;
  /** Whether the cookie may be sent over https only (a production site). */
  secureCookie: boolean;
  record: (assignment: Assignment) => Promise<void>;
  onRecordError: (error: unknown) => void;
}

interface PageInfo {
  partner: PartnerConfig;
  pageKey: string;
  kind: 'landing' | 'claimOffer' | 'campaign';
  /** Where the partner's landing page is, for a campaign page outside its schedule. */
  landing: string;
}

const queryValue = (url: string, name: string): string | undefined => {
  const query = url.split('?')[1];
  if (!query) return undefined;
  try {
    return new URLSearchParams(query).get(name) ?? undefined;
  } catch {
    return undefined;
  }
};

/** Where a version of the page in `dir` was prerendered (the control is the page itself). */
const versionDir = (dir: string, versionId: string) =>
  versionId === CONTROL ? dir : `${dir}/${variantDir}/${versionId}`;

/** How many recorded (visitor, page, test) rows an instance remembers, to skip writing them again. */
const RECENTLY_RECORDED = 50_000;

export function createPageVersions(options: PageVersionsOptions) {
  const partnersById = new Map(options.partners.map((partner) => [partner.id, partner]));
  const pages = new Map<string, PageInfo>();
  for (const page of pagesToPrerender(options.partners)) {
    const partner = partnersById.get(page.partner);
    if (!partner) continue;
    pages.set(page.file.replace(/\/?index\.html$/, ''), {
      partner,
      pageKey: page.pageKey,
      kind: page.kind,
      landing: page.hostname ? '/' : page.path.replace(/\/[^/]+$/, '') || '/',
    });
  }
  const recorded = new Set<string>();

  function record(assignment: Assignment) {
    const key = `${assignment.visitorId} ${assignment.partnerId} ${assignment.pageKey} ${assignment.test}`;
    if (recorded.has(key)) return;
    if (recorded.size >= RECENTLY_RECORDED) recorded.clear();
    recorded.add(key);
    // Not awaited: the page never waits for (or fails with) the database.
    options.record(assignment).catch((error: unknown) => {
      recorded.delete(key);
      options.onRecordError(error);
    });
  }

  /**
   * The version of `pageKey` this visitor is in at `now` (control for bots, partners without the
   * cookie, pages without an experiment), setting the cookie on a first visit and recording the
   * first assignment. Every answer that reaches here depends on the cookie.
   */
  function assign(
    request: FastifyRequest,
    reply: FastifyReply,
    partner: PartnerConfig,
    pageKey: string,
    now: number,
  ): string {
    const page = partner.pages[pageKey];
    const experiment = page?.experiment;
    if (!page || !experiment) return CONTROL;
    reply.header('vary', 'cookie');
    if (!experimentsEnabled(partner) || isBot(request.headers['user-agent'])) return CONTROL;
    let visitorId = visitorIdFrom(request.headers.cookie);
    if (!visitorId) {
      visitorId = newVisitorId();
      reply.header('set-cookie', visitorCookie(visitorId, options.secureCookie));
    }
    const live = liveVersions(page, now);
    const version = assignVersion(visitorId, drawScope(partner.id, pageKey, experiment), live);
    const campaign = queryValue(request.url, 'utm_campaign')?.trim().slice(0, 100) || null;
    record({
      visitorId,
      partnerId: partner.id,
      pageKey,
      variant: version,
      campaign,
      createdAt: now,
      weightsKey: weightsKey(live),
      test: testKey(experiment),
    });
    return version;
  }

  function choose(request: FastifyRequest, reply: FastifyReply, dir: string): PageChoice {
    const info = pages.get(dir);
    if (!info) return { dir };
    const page = info.partner.pages[info.pageKey];
    if (!page) return { dir };
    const now = options.now();
    const preview = queryValue(request.url, 'variant');
    const known = (id: string) =>
      id === CONTROL || (page.experiment?.variants ?? []).some((variant) => variant.id === id);
    if (preview !== undefined && known(preview)) {
      // A review address: the version asked for, even outside its schedule; not counted.
      return { dir: versionDir(dir, preview), cacheControl: 'no-store' };
    }
    if (info.kind === 'campaign' && !isLive(page.schedule, now)) {
      return { redirect: info.landing, cacheControl: 'no-store' };
    }
    if (!page.experiment) return { dir };
    const version = assign(request, reply, info.partner, info.pageKey, now);
    // The answer depends on the cookie: no shared cache may keep one for everybody.
    return { dir: versionDir(dir, version), cacheControl: 'private, no-cache' };
  }

  /**
   * The version of a page the app opens without loading it from the server (the claim-offer page,
   * right after signup): GET /api/page-version asks here, so the visitor is put in a version and
   * counted exactly as a page load would (server/routes/pageVersion.ts).
   */
  function versionFor(
    request: FastifyRequest,
    reply: FastifyReply,
    partnerId: string,
    pageKey: string,
  ): string | undefined {
    const partner = partnersById.get(partnerId);
    if (!partner?.pages[pageKey]) return undefined;
    return assign(request, reply, partner, pageKey, options.now());
  }

  return { choose, versionFor };
}

export type PageVersions = ReturnType<typeof createPageVersions>;
export type ChoosePage = PageVersions['choose'];
